/** Categories of the commands page, in display order. */
export const commandCategories = [
  "Communication",
  "Economy & Games",
  "Events & Celebrations",
  "Fun & Games",
  "Grinder Management",
  "Moderation",
  "Server Configuration",
  "Utility Tools",
] as const;
export type CommandCategory = (typeof commandCategories)[number];

/** Member permissions a command can ask for, named as Discord shows them. */
export type CommandPermission =
  | "Administrator"
  | "Manage Server"
  | "Manage Roles"
  | "Manage Channels"
  | "Manage Messages"
  | "Moderate Members";

/** A role configured per server that can stand in for the permissions of a command. */
export type CommandManagerRole =
  | "grinder management role"
  | "component management role"
  | "event manager role";

/** The value types of a slash-command option, as Discord registers them. */
export type CommandOptionType =
  | "string"
  | "integer"
  | "number"
  | "boolean"
  | "user"
  | "channel"
  | "role"
  | "attachment";

export interface CommandOptionChoice {
  name: string;
  value: string | number;
}

/** One option of a slash command. Required options come before optional ones. */
export interface CommandOption {
  name: string;
  description: string;
  type: CommandOptionType;
  required: boolean;
  choices?: readonly CommandOptionChoice[];
  /** Inclusive bounds of `integer` and `number` options. */
  min?: number;
  max?: number;
}

/**
 * One slash command as the website documents it and the bot registers it. `name` is the full
 * command path: `setup`, `grinder add` (subcommand) or `votetracker admin setup` (group + subcommand).
 */
export interface CommandEntry {
  name: string;
  description: string;
  category: CommandCategory;
  /** Syntax as typed in Discord: `<required>` and `[optional]` options. */
  usage: string;
  /** The member needs at least one of these; empty means every member may run it. */
  permissions: readonly CommandPermission[];
  /** A configured role that grants access to members without the permissions. */
  managerRole?: CommandManagerRole;
  /** Bot-developer tools: answer only the bot's developers, whatever their server permissions. */
  developerOnly?: boolean;
  examples: readonly string[];
  options?: readonly CommandOption[];
}
