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

/** One slash command as the website documents it and the bot registers it. */
export interface CommandEntry {
  name: string;
  description: string;
  category: CommandCategory;
  usage: string;
  permissions: string[];
  examples: string[];
}

/**
 * The commands the bot answers. A command joins this list when its handler ships, so the website,
 * `/api/stats` and the bot's registration never claim a command that doesn't work.
 */
export const commandCatalogue: readonly CommandEntry[] = [];
