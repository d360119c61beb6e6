import type { CommandEntry, CommandOption } from "../types.ts";

type CommandDraft = Omit<CommandEntry, "usage" | "permissions"> & {
  permissions?: CommandEntry["permissions"];
};

/** The usage line Discord users type: `/name <required> [optional]`. */
export function usageOf(name: string, options: readonly CommandOption[] = []): string {
  const parts = options.map((option) => (option.required ? `<${option.name}>` : `[${option.name}]`));
  return [`/${name}`, ...parts].join(" ");
}

/** Builds an entry whose usage line is derived from its options, so the two never disagree. */
export function command(draft: CommandDraft): CommandEntry {
  return { ...draft, permissions: draft.permissions ?? [], usage: usageOf(draft.name, draft.options) };
}
