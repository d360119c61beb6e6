import { templateTagReference } from "@hearth/core";
import { CopyButton } from "../../../components/ui/copy-button";

const groups = [
  { id: "user", title: "User" },
  { id: "server", title: "Server" },
  { id: "special", title: "Special" },
  { id: "functions", title: "Functions" },
] as const;

/** Every tag the welcome text understands, with a copy button each. */
export function TagReference() {
  return (
    <details className="rounded-xl border border-white/[0.08] bg-white/[0.02] px-4 py-3">
      <summary className="cursor-pointer text-sm font-semibold text-stone-200">Tag reference</summary>
      <div className="mt-4 grid gap-6 md:grid-cols-2">
        {groups.map((group) => (
          <div key={group.id}>
            <h4 className="mb-2 text-xs font-semibold tracking-wider text-stone-400 uppercase">
              {group.title}
            </h4>
            <ul className="space-y-2">
              {templateTagReference
                .filter((entry) => entry.group === group.id)
                .map((entry) => (
                  <li key={entry.tag} className="flex items-start justify-between gap-3 text-sm">
                    <div className="min-w-0">
                      <code className="text-ember-200">{entry.tag}</code>
                      <p className="text-xs text-stone-400">{entry.description}</p>
                    </div>
                    <CopyButton text={entry.tag} label={`Copy ${entry.tag}`} />
                  </li>
                ))}
            </ul>
          </div>
        ))}
      </div>
    </details>
  );
}
