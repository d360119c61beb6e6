import type { CommandEntry, CommandOption } from "@hearth/core";
import { type FormEvent, useId } from "react";
import { buttonClass } from "../../components/ui/button-styles";
import { Dialog } from "../../components/ui/dialog";
import { type Server, shownName } from "./world";

export type OptionValues = Record<string, string | number | boolean>;

const inputClass =
  "mt-1 w-full rounded-lg border border-white/10 bg-ink-950 px-3 py-2 text-sm text-stone-100 focus:border-ember-400";

function OptionField({ option, server }: { option: CommandOption; server: Server }) {
  const id = useId();
  const common = { id, name: option.name, required: option.required, className: inputClass };
  let field: React.ReactNode;
  if (option.choices) {
    field = (
      <select {...common} defaultValue="">
        <option value="">{option.required ? "Choose…" : "(none)"}</option>
        {option.choices.map((choice) => (
          <option key={String(choice.value)} value={String(choice.value)}>
            {choice.name}
          </option>
        ))}
      </select>
    );
  } else if (option.type === "integer" || option.type === "number") {
    field = (
      <input
        {...common}
        type="number"
        inputMode={option.type === "integer" ? "numeric" : "decimal"}
        step={option.type === "integer" ? 1 : "any"}
        min={option.min}
        max={option.max}
      />
    );
  } else if (option.type === "boolean") {
    field = (
      <select {...common} defaultValue="">
        <option value="">{option.required ? "Choose…" : "(none)"}</option>
        <option value="true">True</option>
        <option value="false">False</option>
      </select>
    );
  } else if (option.type === "user") {
    const members = [...server.members].sort((a, b) => shownName(a).localeCompare(shownName(b)));
    field = (
      <select {...common} defaultValue="">
        <option value="">{option.required ? "Choose a member…" : "(none)"}</option>
        {members.map((member) => (
          <option key={member.id} value={member.id}>
            {shownName(member)} (@{member.username})
          </option>
        ))}
      </select>
    );
  } else if (option.type === "channel") {
    field = (
      <select {...common} defaultValue="">
        <option value="">{option.required ? "Choose a channel…" : "(this channel)"}</option>
        {server.channels
          .filter((channel) => channel.type !== 4)
          .map((channel) => (
            <option key={channel.id} value={channel.id}>
              {channel.type === 2 ? "🔊 " : "#"}
              {channel.name}
            </option>
          ))}
      </select>
    );
  } else if (option.type === "role") {
    field = (
      <select {...common} defaultValue="">
        <option value="">{option.required ? "Choose a role…" : "(none)"}</option>
        {server.roles
          .filter((role) => role.id !== server.guild.id)
          .map((role) => (
            <option key={role.id} value={role.id}>
              @{role.name}
            </option>
          ))}
      </select>
    );
  } else if (option.type === "attachment") {
    field = (
      <p id={id} className="mt-1 text-sm text-stone-400">
        Files can't be attached in the sandbox.
      </p>
    );
  } else {
    field = <input {...common} type="text" minLength={option.min} maxLength={option.max ?? 6000} />;
  }
  return (
    <div>
      <label htmlFor={id} className="text-sm font-semibold text-stone-100">
        {option.name}
        {option.required && <span className="text-ember-300"> *</span>}
      </label>
      <p className="text-xs text-stone-400">{option.description}</p>
      {field}
    </div>
  );
}

/** The values of a command's form, typed as Discord sends them; empty optional fields left out. */
function readValues(form: HTMLFormElement, command: CommandEntry): OptionValues {
  const data = new FormData(form);
  const values: OptionValues = {};
  for (const option of command.options ?? []) {
    const raw = data.get(option.name);
    if (typeof raw !== "string" || raw.trim() === "") continue;
    if (option.type === "integer" || option.type === "number") values[option.name] = Number(raw);
    else if (option.type === "boolean") values[option.name] = raw === "true";
    else if (option.choices && typeof option.choices[0]?.value === "number")
      values[option.name] = Number(raw);
    else values[option.name] = raw;
  }
  return values;
}

/** A slash command's options as a form, in a dialog (Escape closes it). */
export function CommandForm({
  command,
  server,
  refusal,
  onClose,
  onRun,
}: {
  command: CommandEntry | null;
  server: Server;
  refusal: string | null;
  onClose: () => void;
  onRun: (command: CommandEntry, values: OptionValues) => void;
}) {
  const titleId = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!command) return;
    onRun(command, readValues(event.currentTarget, command));
  };
  return (
    <Dialog open={command !== null} onClose={onClose} labelledBy={titleId}>
      {command && (
        <form onSubmit={submit} className="space-y-4 p-6">
          <div>
            <h2 id={titleId} className="font-mono text-lg font-semibold text-stone-50">
              /{command.name}
            </h2>
            <p className="text-sm text-stone-300">{command.description}</p>
            {refusal && (
              <p className="mt-2 rounded-lg bg-amber-500/10 px-3 py-2 text-sm text-amber-200">
                <span aria-hidden="true">🔒 </span>
                {refusal} You can still run it to see how the bot answers.
              </p>
            )}
          </div>
          {(command.options ?? []).map((option) => (
            <OptionField key={option.name} option={option} server={server} />
          ))}
          <div className="flex justify-end gap-2">
            <button type="button" className={buttonClass("ghost")} onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className={buttonClass("primary")}>
              Run /{command.name}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
