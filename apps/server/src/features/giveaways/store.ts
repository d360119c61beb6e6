import type { Insertable } from "kysely";
import type { Dialect } from "../../db/database.ts";
import type { Database, Db } from "../../db/schema.ts";
import { liveDedupeKeys } from "../../jobs/store.ts";
import { publicInvites } from "../discovery/service.ts";
import { guildNames, leftGuildIds } from "../guilds/service.ts";
import { countEntries } from "./entry-store.ts";
import {
  type Giveaway,
  type GiveawaySummary,
  toGiveaway,
  toWinner,
  type Winner,
} from "./giveaway-records.ts";

export type { Giveaway, GiveawaySummary, Winner } from "./giveaway-records.ts";

export async function insertGiveaway(
  db: Db,
  giveaway: Omit<Insertable<Database["giveaways"]>, "id">,
): Promise<Giveaway> {
  const row = await db.insertInto("giveaways").values(giveaway).returningAll().executeTakeFirstOrThrow();
  return toGiveaway(row);
}

/**
 * One server's giveaway by its message id. On PostgreSQL inside a transaction, `lock: "share"` holds
 * the row against the end's update until the caller commits (entries), and `"update"` serialises
 * writers of one giveaway (rerolls). SQLite runs one transaction at a time already.
 */
export async function findGiveaway(
  db: Db,
  serverId: string,
  messageId: string,
  options: { dialect?: Dialect; lock?: "share" | "update" } = {},
): Promise<Giveaway | null> {
  let query = db
    .selectFrom("giveaways")
    .selectAll()
    .where("server_id", "=", serverId)
    .where("message_id", "=", messageId);
  if (options.dialect === "postgres" && options.lock === "share") query = query.forShare();
  if (options.dialect === "postgres" && options.lock === "update") query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? toGiveaway(row) : null;
}

/**
 * Giveaways with their entry and winner counts, the server's current name (from `guilds`, else the
 * name kept at creation) and its public discovery invite. Servers the bot has left are skipped.
 * Newest first; `activeFirst` puts the running ones before, so a limit never hides one.
 */
export async function listGiveaways(
  db: Db,
  options: { serverId?: string; limit: number; order: "newest" | "activeFirst" },
): Promise<GiveawaySummary[]> {
  let query = db
    .selectFrom("giveaways as g")
    .selectAll("g")
    .select((eb) => [
      eb
        .selectFrom("giveaway_entries as e")
        .select((sub) => sub.fn.countAll<number>().as("n"))
        .whereRef("e.giveaway_id", "=", "g.id")
        .as("entry_count"),
      eb
        .selectFrom("giveaway_winners as w")
        .select((sub) => sub.fn.countAll<number>().as("n"))
        .whereRef("w.giveaway_id", "=", "g.id")
        .where("w.replaced_at", "is", null)
        .as("winner_rows"),
    ])
    .where("g.server_id", "not in", leftGuildIds(db));
  if (options.serverId !== undefined) query = query.where("g.server_id", "=", options.serverId);
  if (options.order === "activeFirst") {
    query = query.orderBy((eb) => eb.case().when("g.status", "=", "active").then(0).else(1).end());
  }
  const rows = await query
    .orderBy("g.created_at", "desc")
    .orderBy("g.id", "desc")
    .limit(options.limit)
    .execute();
  const ids = rows.map((row) => row.server_id);
  const [names, invites] = await Promise.all([guildNames(db, ids), publicInvites(db, ids)]);
  return rows.map((row) => ({
    ...toGiveaway(row),
    guildName: names.get(row.server_id) ?? row.guild_name,
    entryCount: Number(row.entry_count ?? 0),
    drawnWinners: Number(row.winner_rows ?? 0),
    inviteUrl: invites.get(row.server_id) ?? null,
  }));
}

/** One giveaway with its counts, name and invite, as the lists show it. */
export async function findGiveawaySummary(
  db: Db,
  serverId: string,
  messageId: string,
): Promise<GiveawaySummary | null> {
  const giveaway = await findGiveaway(db, serverId, messageId);
  if (!giveaway) return null;
  const [names, invites, entryCount, drawnWinners] = await Promise.all([
    guildNames(db, [serverId]),
    publicInvites(db, [serverId]),
    countEntries(db, giveaway.id),
    db
      .selectFrom("giveaway_winners")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("giveaway_id", "=", giveaway.id)
      .where("replaced_at", "is", null)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    ...giveaway,
    guildName: names.get(serverId) ?? giveaway.guildName,
    entryCount,
    drawnWinners: Number(drawnWinners.n),
    inviteUrl: invites.get(serverId) ?? null,
  };
}

/** Flips an active giveaway to ended; false when it had ended already (the exactly-once gate). */
export async function markEnded(db: Db, giveawayId: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable("giveaways")
    .set({ status: "ended", ended_at: now })
    .where("id", "=", giveawayId)
    .where("status", "=", "active")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function insertWinners(db: Db, serverId: string, winners: Winner[]): Promise<void> {
  if (winners.length === 0) return;
  await db
    .insertInto("giveaway_winners")
    .values(
      winners.map((winner) => ({
        server_id: serverId,
        giveaway_id: winner.giveawayId,
        user_id: winner.userId,
        username: winner.username,
        entries: winner.entries,
        draw: winner.draw,
        won_at: winner.wonAt,
        replaces_user_id: winner.replacesUserId ?? null,
        claim_deadline: winner.claimDeadline ?? null,
      })),
    )
    .execute();
}

/** Winners of the given giveaways, in the order they were drawn. */
export async function listWinners(db: Db, giveawayIds: number[]): Promise<Winner[]> {
  if (giveawayIds.length === 0) return [];
  const rows = await db
    .selectFrom("giveaway_winners")
    .selectAll()
    .where("giveaway_id", "in", giveawayIds)
    .orderBy("giveaway_id")
    .orderBy("id")
    .execute();
  return rows.map(toWinner);
}

export async function deleteGiveaway(db: Db, giveawayId: number): Promise<void> {
  // Entries and winners go with it (ON DELETE CASCADE); deleted explicitly too, so the order is clear.
  await db.deleteFrom("giveaway_winners").where("giveaway_id", "=", giveawayId).execute();
  await db.deleteFrom("giveaway_entries").where("giveaway_id", "=", giveawayId).execute();
  await db.deleteFrom("giveaways").where("id", "=", giveawayId).execute();
}

/** Ended giveaways of a server, newest first, for the winners list. */
export async function listEnded(
  db: Db,
  serverId: string,
  options: { messageId?: string; limit: number },
): Promise<Giveaway[]> {
  let query = db
    .selectFrom("giveaways")
    .selectAll()
    .where("server_id", "=", serverId)
    .where("status", "=", "ended");
  if (options.messageId !== undefined) query = query.where("message_id", "=", options.messageId);
  const rows = await query.orderBy("ended_at", "desc").orderBy("id", "desc").limit(options.limit).execute();
  return rows.map(toGiveaway);
}

export async function countByStatus(db: Db, serverId: string): Promise<{ active: number; ended: number }> {
  const rows = await db
    .selectFrom("giveaways")
    .select((eb) => ["status", eb.fn.countAll<number>().as("n")])
    .where("server_id", "=", serverId)
    .groupBy("status")
    .execute();
  const count = (status: string) => Number(rows.find((row) => row.status === status)?.n ?? 0);
  return { active: count("active"), ended: count("ended") };
}

export async function recentWinners(
  db: Db,
  serverId: string,
  limit: number,
): Promise<(Winner & { messageId: string; prize: string })[]> {
  const rows = await db
    .selectFrom("giveaway_winners as w")
    .innerJoin("giveaways as g", "g.id", "w.giveaway_id")
    .selectAll("w")
    .select(["g.message_id", "g.prize"])
    .where("w.server_id", "=", serverId)
    .orderBy("w.won_at", "desc")
    .orderBy("w.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...toWinner(row), messageId: row.message_id, prize: row.prize }));
}

/**
 * Active giveaways whose end is due and whose end job is neither pending nor running (lost): the
 * start-up sweep schedules them again. `endJobKey` spells the job's dedupe key from a message id.
 */
export async function listOverdue(
  db: Db,
  now: number,
  endJobKey: (messageId: string) => string,
): Promise<{ serverId: string; messageId: string }[]> {
  const rows = await db
    .selectFrom("giveaways")
    .select(["server_id", "message_id"])
    .where("status", "=", "active")
    .where("end_time", "<=", now)
    .execute();
  const keys = rows.map((row) => endJobKey(row.message_id));
  if (keys.length === 0) return [];
  const scheduled = await liveDedupeKeys(db, keys);
  return rows
    .filter((row) => !scheduled.has(endJobKey(row.message_id)))
    .map((row) => ({ serverId: row.server_id, messageId: row.message_id }));
}

/** Marks winners replaced by a reroll: their win no longer stands, and they are never drawn again. */
export async function markReplaced(
  db: Db,
  giveawayId: number,
  userIds: string[],
  now: number,
): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .updateTable("giveaway_winners")
    .set({ replaced_at: now })
    .where("giveaway_id", "=", giveawayId)
    .where("user_id", "in", userIds)
    .where("replaced_at", "is", null)
    .execute();
}

/** Takes one drawn winner back out (anti-pool blocked them); the seat is drawn again. */
export async function deleteWinner(db: Db, giveawayId: number, userId: string, draw: number): Promise<void> {
  await db
    .deleteFrom("giveaway_winners")
    .where("giveaway_id", "=", giveawayId)
    .where("user_id", "=", userId)
    .where("draw", "=", draw)
    .execute();
}

export async function setPaused(db: Db, giveawayId: number, at: number): Promise<void> {
  await db.updateTable("giveaways").set({ paused_at: at }).where("id", "=", giveawayId).execute();
}

/** Back from a pause with the end moved by it. */
export async function setResumed(db: Db, giveawayId: number, endTime: number): Promise<void> {
  await db
    .updateTable("giveaways")
    .set({ paused_at: null, end_time: endTime })
    .where("id", "=", giveawayId)
    .execute();
}

/** Marks the "last chance" reminder posted; false when it was already (the exactly-once gate). */
export async function markReminded(db: Db, giveawayId: number, at: number): Promise<boolean> {
  const result = await db
    .updateTable("giveaways")
    .set({ reminded_at: at })
    .where("id", "=", giveawayId)
    .where("reminded_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
