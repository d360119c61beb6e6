import { type CommandEntry, type CommandOption, commandCatalogue } from "@hearth/core";
import type { ApplicationCommandDefinition } from "../../discord/port/port.ts";

// Discord's application command option types.
const optionTypes: Record<CommandOption["type"], number> = {
  string: 3,
  integer: 4,
  boolean: 5,
  user: 6,
  channel: 7,
  role: 8,
  number: 10,
  attachment: 11,
};
const SUB_COMMAND = 1;
const SUB_COMMAND_GROUP = 2;

function toOption(option: CommandOption) {
  return {
    type: optionTypes[option.type],
    name: option.name,
    description: option.description.slice(0, 100),
    required: option.required,
    ...(option.choices
      ? { choices: option.choices.map((choice) => ({ name: choice.name, value: choice.value })) }
      : {}),
    ...(option.min !== undefined
      ? { [option.type === "string" ? "min_length" : "min_value"]: option.min }
      : {}),
    ...(option.max !== undefined
      ? { [option.type === "string" ? "max_length" : "max_value"]: option.max }
      : {}),
  };
}

function firstSub(node: { subs: Map<string, CommandEntry | Map<string, CommandEntry>> }) {
  const first = node.subs.values().next().value;
  return first instanceof Map ? first.values().next().value : first;
}

/**
 * Discord's command definitions for the catalogue entries that have a handler (`paths`): entries
 * `grinder add` and `grinder list` become one `/grinder` command with two subcommands. Access is
 * checked by the bot itself (permissions or a configured manager role), so no default permissions
 * hide a command from members who hold the manager role.
 */
export function applicationCommands(
  paths: readonly string[],
  catalogue: readonly CommandEntry[] = commandCatalogue,
) {
  const bound = new Set(paths);
  interface Root {
    entry?: CommandEntry;
    subs: Map<string, CommandEntry | Map<string, CommandEntry>>;
  }
  const roots = new Map<string, Root>();
  for (const entry of catalogue) {
    if (!bound.has(entry.name)) continue;
    const [root = entry.name, group, sub] = entry.name.split(" ");
    const node: Root = roots.get(root) ?? { subs: new Map() };
    roots.set(root, node);
    if (!group) node.entry = entry;
    else if (!sub) node.subs.set(group, entry);
    else {
      const existing = node.subs.get(group);
      const groupMap = existing instanceof Map ? existing : new Map<string, CommandEntry>();
      groupMap.set(sub, entry);
      node.subs.set(group, groupMap);
    }
  }
  const definitions: ApplicationCommandDefinition[] = [];
  for (const [name, node] of roots) {
    const options =
      node.subs.size === 0
        ? (node.entry?.options ?? []).map(toOption)
        : [...node.subs].map(([subName, value]) =>
            value instanceof Map
              ? {
                  type: SUB_COMMAND_GROUP,
                  name: subName,
                  description: `${name} ${subName} commands`,
                  options: [...value].map(([leaf, entry]) => ({
                    type: SUB_COMMAND,
                    name: leaf,
                    description: entry.description.slice(0, 100),
                    options: (entry.options ?? []).map(toOption),
                  })),
                }
              : {
                  type: SUB_COMMAND,
                  name: subName,
                  description: value.description.slice(0, 100),
                  options: (value.options ?? []).map(toOption),
                },
          );
    definitions.push({
      name,
      description: (node.entry?.description ?? `${name} commands`).slice(0, 100),
      options,
      // The developer tools are hidden from everyone but the developers' server's administrators.
      defaultMemberPermissions: node.entry?.developerOnly || firstSub(node)?.developerOnly ? "0" : null,
      dmPermission: false,
    });
  }
  return definitions;
}
