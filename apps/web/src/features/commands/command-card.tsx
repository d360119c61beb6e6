import type { CommandEntry } from "@hearth/core/commands";
import { memo, useId } from "react";
import { Badge } from "../../components/ui/badge";
import { CopyButton } from "../../components/ui/copy-button";

function CodeLine({ text, label }: { text: string; label: string }) {
  return (
    <div className="flex items-center gap-2 rounded-lg border border-white/5 bg-ink-950 py-1.5 pr-1.5 pl-3">
      <code className="min-w-0 flex-1 font-mono text-[13px] wrap-anywhere text-stone-100">{text}</code>
      <CopyButton text={text} label={label} />
    </div>
  );
}

/**
 * One command: name, description, usage, permissions, options and examples, each copyable.
 * Memoised: the list grows a few cards per update, and the cards already in it keep their entry
 * objects, so each update renders only the new cards instead of every card again.
 */
export const CommandCard = memo(function CommandCard({ entry }: { entry: CommandEntry }) {
  const titleId = useId();
  const options = entry.options ?? [];

  return (
    <article
      aria-labelledby={titleId}
      className="flex w-full flex-col rounded-2xl border border-white/10 bg-ink-900/60 p-5"
      data-command={entry.name}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={titleId} className="font-mono text-base font-semibold text-ember-200">
          /{entry.name}
        </h2>
        <Badge tone="stone">{entry.category}</Badge>
      </div>
      <p className="mt-2 text-sm leading-relaxed text-stone-300">{entry.description}</p>

      <h3 className="mt-4 text-xs font-semibold uppercase tracking-wider text-stone-400">Usage</h3>
      <div className="mt-1.5">
        <CodeLine text={entry.usage} label={`Copy usage of /${entry.name}`} />
      </div>

      {entry.developerOnly ? (
        <p className="mt-4 text-sm">
          <Badge tone="violet">Bot developers only</Badge>
        </p>
      ) : entry.permissions.length > 0 || entry.managerRole ? (
        <>
          <h3 className="mt-4 text-xs font-semibold uppercase tracking-wider text-stone-400">Permissions</h3>
          <ul className="mt-1.5 flex flex-wrap items-center gap-1.5 text-xs text-stone-300">
            {entry.permissions.map((permission, index) => (
              <li key={permission} className="flex items-center gap-1.5">
                {index > 0 && <span aria-hidden="true">or</span>}
                <Badge tone="amber">{permission}</Badge>
              </li>
            ))}
            {entry.managerRole && (
              <li className="flex items-center gap-1.5">
                <span>or</span>
                <Badge tone="sky">the {entry.managerRole}</Badge>
              </li>
            )}
          </ul>
        </>
      ) : null}

      {options.length > 0 && (
        <details className="group mt-4">
          <summary className="cursor-pointer rounded text-xs font-semibold uppercase tracking-wider text-stone-400 hover:text-stone-200">
            Options ({options.length})
          </summary>
          <dl className="mt-2 space-y-1.5 text-sm">
            {options.map((option) => (
              <div key={option.name} className="flex flex-wrap gap-x-2">
                <dt className="font-mono text-stone-100">
                  {option.name}
                  {!option.required && <span className="text-stone-400"> (optional)</span>}
                </dt>
                <dd className="text-stone-300">
                  {option.description}
                  {option.choices && (
                    <span className="text-stone-400">
                      : {option.choices.map((choice) => choice.name).join(", ")}
                    </span>
                  )}
                </dd>
              </div>
            ))}
          </dl>
        </details>
      )}

      <h3 className="mt-4 text-xs font-semibold uppercase tracking-wider text-stone-400">
        {entry.examples.length === 1 ? "Example" : "Examples"}
      </h3>
      <ul className="mt-1.5 space-y-1.5">
        {entry.examples.map((example, index) => (
          <li key={example}>
            <CodeLine text={example} label={`Copy example ${index + 1} of /${entry.name}`} />
          </li>
        ))}
      </ul>
    </article>
  );
});
