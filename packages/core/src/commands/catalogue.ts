import { communicationCommands } from "./entries/communication.ts";
import { communityToolCommands } from "./entries/community-tools.ts";
import { economyCommands } from "./entries/economy.ts";
import { economyHelperCommands } from "./entries/economy-helpers.ts";
import { eventCommands } from "./entries/events.ts";
import { funCommands } from "./entries/fun.ts";
import { grinderCommands } from "./entries/grinder.ts";
import { moderationCommands } from "./entries/moderation.ts";
import { serverCommands } from "./entries/server.ts";
import { utilityCommands } from "./entries/utility.ts";
import { type CommandEntry, commandCategories } from "./types.ts";

export { usageOf } from "./entries/define.ts";
export * from "./types.ts";

const byCategory = (entry: CommandEntry) => commandCategories.indexOf(entry.category);

/**
 * Every slash command Hearth documents, one entry per command path (`grinder add`), ordered by
 * category. The website's commands page and docs tables render it, `/api/stats` counts it, and the
 * bot registers from it: each entry becomes a command, subcommand or subcommand-group member by the
 * words of its name. The bot registers a command only once its handler exists.
 */
export const commandCatalogue: readonly CommandEntry[] = [
  ...communicationCommands,
  ...communityToolCommands,
  ...economyCommands,
  ...economyHelperCommands,
  ...eventCommands,
  ...funCommands,
  ...grinderCommands,
  ...moderationCommands,
  ...serverCommands,
  ...utilityCommands,
].sort((a, b) => byCategory(a) - byCategory(b));

/** The entries whose path starts with `prefix` (a whole word): `commandsUnder("grinder")`. */
export function commandsUnder(prefix: string): CommandEntry[] {
  return commandCatalogue.filter((entry) => entry.name === prefix || entry.name.startsWith(`${prefix} `));
}

/** The entry for one command path, if it exists. */
export function findCommand(name: string): CommandEntry | undefined {
  return commandCatalogue.find((entry) => entry.name === name);
}
