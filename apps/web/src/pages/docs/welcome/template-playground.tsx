import { renderTemplate } from "@hearth/core/template/template.ts";
import { validateTemplate } from "@hearth/core/template/validate.ts";
import { exampleTemplateContext } from "@hearth/core/template/variables.ts";
import { useDeferredValue, useId, useMemo, useState } from "react";

const starter =
  "Welcome {user}, you're our {ordinal} member!{newline}Read #rules, then say hi.{if(server.boostLevel > 1): We're level {server.boostLevel} thanks to {server.boostCount} boosts!}";

// A fixed clock keeps the example output stable between visits.
const context = { ...exampleTemplateContext(), random: () => 0.5 };

/** Type a template and see what Hearth would send, rendered by the same code the bot uses. */
export function TemplatePlayground() {
  const [source, setSource] = useState(starter);
  const deferred = useDeferredValue(source);
  const ids = { input: useId(), output: useId() };
  const result = useMemo(
    () => ({ text: renderTemplate(deferred, context), problems: validateTemplate(deferred) }),
    [deferred],
  );

  return (
    <div className="rounded-2xl border border-white/10 bg-ink-900/60 p-5">
      <label htmlFor={ids.input} className="text-sm font-medium text-stone-200">
        Template
      </label>
      <textarea
        id={ids.input}
        value={source}
        onChange={(event) => setSource(event.target.value)}
        rows={4}
        spellCheck={false}
        className="mt-2 w-full rounded-lg border border-white/10 bg-ink-950 p-3 font-mono text-sm text-stone-100 focus:border-ember-400 focus:outline-none"
      />
      <p id={ids.output} className="mt-4 text-sm font-medium text-stone-200">
        Preview{" "}
        <span className="font-normal text-stone-400">(member "cinderfox" joining "Ember Hollow")</span>
      </p>
      <output
        aria-labelledby={ids.output}
        className="mt-2 block min-h-16 rounded-lg border border-white/5 bg-[#2F3136] p-3 text-sm whitespace-pre-wrap text-stone-100"
      >
        {result.text}
      </output>
      {result.problems.length > 0 && (
        <ul className="mt-3 space-y-1 text-sm text-amber-200" aria-label="Unknown tags">
          {result.problems.map((problem) => (
            <li key={`${problem.start}-${problem.tag}`}>
              Unknown tag <code>{problem.tag}</code>
              {problem.suggestion && (
                <>
                  {" "}
                  — did you mean <code>{problem.suggestion}</code>?
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
