import { type CommandEntry, commandsUnder, findCommand } from "@hearth/core/commands";
import { Link } from "react-router";
import { accessText } from "../../../features/commands/filter";

/**
 * The commands of a feature, straight from the catalogue the bot registers from: pass path
 * prefixes (`grinder`) or exact command names.
 */
export function CommandTable({
  prefixes = [],
  names = [],
  caption,
}: {
  prefixes?: readonly string[];
  names?: readonly string[];
  caption: string;
}) {
  const entries: CommandEntry[] = [
    ...prefixes.flatMap((prefix) => commandsUnder(prefix)),
    ...names.flatMap((name) => findCommand(name) ?? []),
  ];
  if (entries.length === 0) throw new Error(`No catalogue commands for ${caption}`);
  const category = entries[0]?.category;

  return (
    <div>
      <section
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a horizontally scrolling region must be reachable by keyboard
        tabIndex={0}
        aria-label={caption}
        className="overflow-x-auto rounded-2xl border border-white/10"
      >
        <table className="w-full min-w-[36rem] text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-white/[0.04] text-stone-200">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">
                Command
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                What it does
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Who can use it
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-white/5 text-stone-300">
            {entries.map((entry) => (
              <tr key={entry.name} className="align-top">
                <td className="px-4 py-3">
                  <code className="font-mono text-[13px] break-words text-ember-200">{entry.usage}</code>
                </td>
                <td className="px-4 py-3">
                  {entry.description}
                  {entry.options?.some((option) => option.choices) && (
                    <span className="mt-1 block text-xs text-stone-400">
                      {entry.options
                        .filter((option) => option.choices)
                        .map((option) => `${option.name}: ${option.choices?.map((c) => c.name).join(", ")}`)
                        .join(" · ")}
                    </span>
                  )}
                </td>
                <td className="px-4 py-3 text-stone-300">{accessText(entry) ?? "Everyone"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {category && (
        <p className="mt-2 text-sm text-stone-400">
          Examples and copyable usage for each command are on the{" "}
          <Link
            to={`/commands?category=${encodeURIComponent(category)}`}
            className="text-ember-300 underline underline-offset-4 hover:text-ember-200"
          >
            commands page
          </Link>
          .
        </p>
      )}
    </div>
  );
}
