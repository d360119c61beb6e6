import { z } from "zod";
import { type CommandEntry, commandCatalogue } from "../commands/catalogue.ts";

/**
 * The commands the site shows: the catalogued commands the bot has a handler for (and so registers
 * with Discord; the developers' tools, marked as such, only on their own server). `registered` is the
 * server's handler registry, as `GET /api/commands` answers it.
 */
export function shownCommands(registered: Iterable<string>): CommandEntry[] {
  const handled = new Set(registered);
  return commandCatalogue.filter((entry) => handled.has(entry.name));
}

/** `GET /api/commands`: the command paths the site may show (see `shownCommands`), catalogue order. */
export const commandsResponse = z.object({ commands: z.array(z.string()) });
export type CommandsResponse = z.infer<typeof commandsResponse>;
