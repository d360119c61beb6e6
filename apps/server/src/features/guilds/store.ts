import type { Expression, Kysely } from "kysely";
import type { Database, Db } from "../../db/schema.ts";

/** Keeps the `guilds` table in step with the guilds the bot is in (GUILD_CREATE, sandbox start). */
export async function upsertGuild(
  db: Kysely<Database>,
  guild: { id: string; name: string; icon: string | null; ownerId: string; memberCount: number },
  now: number,
): Promise<void> {
  await db
    .insertInto("guilds")
    .values({
      id: guild.id,
      name: guild.name,
      icon: guild.icon,
      owner_id: guild.ownerId,
      member_count: guild.memberCount,
      joined_at: now,
      left_at: null,
    })
    .onConflict((oc) =>
      oc.column("id").doUpdateSet((eb) => ({
        name: guild.name,
        icon: guild.icon,
        owner_id: guild.ownerId,
        member_count: guild.memberCount,
        // A guild seen again on reconnect keeps its join time; one the bot had left was joined anew.
        joined_at: eb
          .case()
          .when("guilds.left_at", "is not", null)
          .then(now)
          .else(eb.ref("guilds.joined_at"))
          .end(),
        left_at: null,
      })),
    )
    .execute();
}

export async function markGuildLeft(db: Kysely<Database>, guildId: string, now: number): Promise<void> {
  await db.updateTable("guilds").set({ left_at: now }).where("id", "=", guildId).execute();
}

/** Servers the bot is in now, and the members they hold between them. */
export async function countActiveGuilds(db: Kysely<Database>): Promise<{ servers: number; users: number }> {
  const row = await db
    .selectFrom("guilds")
    .select((eb) => [eb.fn.countAll<number>().as("servers"), eb.fn.sum<number>("member_count").as("users")])
    .where("left_at", "is", null)
    .executeTakeFirstOrThrow();
  return { servers: Number(row.servers), users: Number(row.users ?? 0) };
}

/** Servers the bot left before `cutoff` and has not rejoined since (their data's retention is over). */
export async function listLeftBefore(db: Kysely<Database>, cutoff: number): Promise<string[]> {
  const rows = await db
    .selectFrom("guilds")
    .select("id")
    .where("left_at", "is not", null)
    .where("left_at", "<", cutoff)
    .orderBy("left_at")
    .execute();
  return rows.map((row) => row.id);
}

/** The current name of the server `serverId` names: a one-row subquery for another feature's query. */
export function nameOf(db: Db, serverId: Expression<string>) {
  return db.selectFrom("guilds").select("guilds.name").where("guilds.id", "=", serverId);
}

/** A row when the bot has left the server `serverId` names (none while it's in, or never seen). */
export function leftOf(db: Db, serverId: Expression<string>) {
  return db
    .selectFrom("guilds")
    .select("guilds.id")
    .where("guilds.id", "=", serverId)
    .where("guilds.left_at", "is not", null);
}
