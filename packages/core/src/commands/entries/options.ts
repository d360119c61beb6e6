import type { CommandOption, CommandOptionChoice } from "../types.ts";

// Short constructors so the entry files read like the command syntax they describe.

export function text(name: string, description: string, required = true): CommandOption {
  return { name, description, type: "string", required };
}

export function pick(
  name: string,
  description: string,
  values: readonly string[],
  required = true,
): CommandOption {
  const choices: CommandOptionChoice[] = values.map((value) => ({ name: value, value }));
  return { name, description, type: "string", required, choices };
}

export function int(
  name: string,
  description: string,
  bounds: { min?: number; max?: number } = {},
  required = true,
): CommandOption {
  return { name, description, type: "integer", required, ...bounds };
}

export function flag(name: string, description: string, required = false): CommandOption {
  return { name, description, type: "boolean", required };
}

export function user(name: string, description: string, required = true): CommandOption {
  return { name, description, type: "user", required };
}

export function channel(name: string, description: string, required = true): CommandOption {
  return { name, description, type: "channel", required };
}

export function attachment(name: string, description: string, required = true): CommandOption {
  return { name, description, type: "attachment", required };
}

export function role(name: string, description: string, required = true): CommandOption {
  return { name, description, type: "role", required };
}
