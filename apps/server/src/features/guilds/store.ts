import { type Kysely, sql } from "kysely";
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

/** The current names of these servers (those the bot has seen), by id. */
export async function namesOf(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += 500) {
    const rows = await db
      .selectFrom("guilds")
      .select(["id", "name"])
      .where("id", "in", unique.slice(i, i + 500))
      .execute();
    for (const row of rows) names.set(row.id, row.name);
  }
  return names;
}

/** Ids of the servers the bot has left: a subquery for another feature's `not in`. */
export function leftIds(db: Db) {
  return db.selectFrom("guilds").select("guilds.id").where("guilds.left_at", "is not", null);
}

/** Ids of every server the bot has seen: a subquery for another feature's `in` / `not in`. */
export function knownIds(db: Db) {
  return db.selectFrom("guilds").select("guilds.id");
}

/** Ids of the servers whose current name, lower-cased, is `like` the pattern (a backslash escapes). */
export function idsNamedLike(db: Db, pattern: string) {
  return db
    .selectFrom("guilds")
    .select("guilds.id")
    .where(sql<boolean>`lower(${sql.ref("guilds.name")}) like ${pattern} escape '\\'`);
}
