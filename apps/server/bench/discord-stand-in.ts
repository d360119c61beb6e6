import type { Kysely } from "kysely";
import type { Database } from "../src/db/schema.ts";
import { SandboxAdapter } from "../src/discord/sandbox/adapter.ts";
import type { SandboxTables } from "../src/discord/sandbox/tables.ts";
import type { Logger } from "../src/lib/logger.ts";
import { openTestStorage } from "../test/helpers.ts";

/** The sandbox's tables, parents before children (guilds before their channels, and so on). */
const sandboxTables: (keyof SandboxTables)[] = [
  "sandbox_users",
  "sandbox_guilds",
  "sandbox_channels",
  "sandbox_roles",
  "sandbox_members",
  "sandbox_messages",
  "sandbox_reactions",
  "sandbox_emojis",
  "sandbox_bans",
  "sandbox_invites",
  "sandbox_outbox",
];

/**
 * Discord's stand-in moved off the product's database: a SQLite copy of everything the sandbox
 * holds in `from` (the guilds, members and messages the bench seeded there through the features'
 * services), and a sandbox adapter on it. On PostgreSQL the sandbox otherwise answers every Discord
 * call (a member read, a message sent) with round trips to the product's own database, which a
 * deployed bot never makes: its Discord calls go to Discord. In-process, the stand-in answers as a
 * warm gateway cache does, so the figure is Hearth's own work.
 */
export async function discordStandInOnSqlite(
  from: Kysely<Database>,
  logger: Logger,
): Promise<{ sandbox: SandboxAdapter; cleanup(): Promise<void> }> {
  const copy = await openTestStorage("sqlite");
  for (const table of sandboxTables) {
    const rows = await from.selectFrom(table).selectAll().execute();
    // A few hundred rows per statement keep under SQLite's limit on bound values.
    for (let at = 0; at < rows.length; at += 200) {
      await copy.storage.db
        .insertInto(table)
        .values(rows.slice(at, at + 200) as never)
        .execute();
    }
  }
  return { sandbox: new SandboxAdapter(copy.storage.db, logger), cleanup: () => copy.cleanup() };
}
