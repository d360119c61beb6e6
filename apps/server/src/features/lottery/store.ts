import type { Insertable, Selectable } from "kysely";
import type { Dialect } from "../../db/database.ts";
import type { Database, Db } from "../../db/schema.ts";

type Row = Selectable<Database["lotteries"]>;

export interface Lottery {
  id: number;
  serverId: string;
  channelId: string;
  messageId: string | null;
  prize: string;
  maxTickets: number;
  hostId: string;
  status: "running" | "ended";
  endTime: number;
  endedAt: number | null;
  endedBy: "schedule" | "manual" | null;
  winnerId: string | null;
  winnerTickets: number | null;
  ticketsSold: number | null;
  entrants: number | null;
  announcedAt: number | null;
  createdAt: number;
}

const nullableNumber = (value: number | string | null) => (value === null ? null : Number(value));

function toLottery(row: Row): Lottery {
  return {
    id: Number(row.id),
    serverId: row.server_id,
    channelId: row.channel_id,
    messageId: row.message_id,
    prize: row.prize,
    maxTickets: row.max_tickets,
    hostId: row.host_id,
    status: row.status,
    endTime: Number(row.end_time),
    endedAt: nullableNumber(row.ended_at),
    endedBy: row.ended_by,
    winnerId: row.winner_id,
    winnerTickets: row.winner_tickets,
    ticketsSold: row.tickets_sold,
    entrants: row.entrants,
    announcedAt: nullableNumber(row.announced_at),
    createdAt: Number(row.created_at),
  };
}

type Lock = { dialect?: Dialect; lock?: "share" | "update" };

/**
 * On PostgreSQL inside a transaction, `lock: "share"` holds the lottery against the draw's update
 * until the caller commits (taking tickets), and `"update"` serialises the draw. SQLite runs one
 * transaction at a time already.
 */
function locked<Q extends { forShare(): Q; forUpdate(): Q }>(query: Q, options: Lock): Q {
  if (options.dialect === "postgres" && options.lock === "share") return query.forShare();
  if (options.dialect === "postgres" && options.lock === "update") return query.forUpdate();
  return query;
}

export async function insertLottery(
  db: Db,
  lottery: Omit<Insertable<Database["lotteries"]>, "id">,
): Promise<Lottery> {
  return toLottery(await db.insertInto("lotteries").values(lottery).returningAll().executeTakeFirstOrThrow());
}

export async function setMessageId(db: Db, id: number, messageId: string): Promise<void> {
  await db.updateTable("lotteries").set({ message_id: messageId }).where("id", "=", id).execute();
}

/** The server's running lottery, if any (at most one: a partial unique index keeps it so). */
export async function findRunning(db: Db, serverId: string, options: Lock = {}): Promise<Lottery | null> {
  const query = db
    .selectFrom("lotteries")
    .selectAll()
    .where("server_id", "=", serverId)
    .where("status", "=", "running");
  const row = await locked(query, options).executeTakeFirst();
  return row ? toLottery(row) : null;
}

export async function findById(
  db: Db,
  serverId: string,
  id: number,
  options: Lock = {},
): Promise<Lottery | null> {
  const query = db.selectFrom("lotteries").selectAll().where("server_id", "=", serverId).where("id", "=", id);
  const row = await locked(query, options).executeTakeFirst();
  return row ? toLottery(row) : null;
}

/** The server's most recent lottery, running or ended. */
export async function findLatest(db: Db, serverId: string): Promise<Lottery | null> {
  const row = await db
    .selectFrom("lotteries")
    .selectAll()
    .where("server_id", "=", serverId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
  return row ? toLottery(row) : null;
}

/** Running lotteries whose end has passed (the start-up safety net reschedules their draw). */
export async function listOverdue(db: Db, now: number): Promise<{ serverId: string; id: number }[]> {
  const rows = await db
    .selectFrom("lotteries")
    .select(["server_id", "id"])
    .where("status", "=", "running")
    .where("end_time", "<=", now)
    .execute();
  return rows.map((row) => ({ serverId: row.server_id, id: Number(row.id) }));
}

/** Ended lotteries whose announcement never went out (a crash right after the draw). */
export async function listUnannounced(db: Db): Promise<{ serverId: string; id: number }[]> {
  const rows = await db
    .selectFrom("lotteries")
    .select(["server_id", "id"])
    .where("status", "=", "ended")
    .where("announced_at", "is", null)
    .execute();
  return rows.map((row) => ({ serverId: row.server_id, id: Number(row.id) }));
}

/** A member's tickets in a lottery (0 when none). */
export async function ticketsOf(
  db: Db,
  lotteryId: number,
  userId: string,
  options: Lock = {},
): Promise<number> {
  const query = db
    .selectFrom("lottery_tickets")
    .select("tickets")
    .where("lottery_id", "=", lotteryId)
    .where("user_id", "=", userId);
  const row = await locked(query, options).executeTakeFirst();
  return row?.tickets ?? 0;
}

/** Makes sure the member's row exists (0 tickets), so it can be locked and updated. */
export async function ensureTicketRow(db: Db, lotteryId: number, userId: string, now: number): Promise<void> {
  await db
    .insertInto("lottery_tickets")
    .values({ lottery_id: lotteryId, user_id: userId, tickets: 0, updated_at: now })
    .onConflict((oc) => oc.columns(["lottery_id", "user_id"]).doNothing())
    .execute();
}

export async function setTickets(
  db: Db,
  lotteryId: number,
  userId: string,
  tickets: number,
  now: number,
): Promise<void> {
  await db
    .updateTable("lottery_tickets")
    .set({ tickets, updated_at: now })
    .where("lottery_id", "=", lotteryId)
    .where("user_id", "=", userId)
    .execute();
}

/** Tickets taken and by how many members. */
export async function totals(db: Db, lotteryId: number): Promise<{ tickets: number; entrants: number }> {
  const row = await db
    .selectFrom("lottery_tickets")
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>("tickets"), eb.lit(0)).as("tickets"),
      eb.fn.countAll<number>().as("entrants"),
    ])
    .where("lottery_id", "=", lotteryId)
    .where("tickets", ">", 0)
    .executeTakeFirstOrThrow();
  return { tickets: Number(row.tickets), entrants: Number(row.entrants) };
}

/** Every member holding tickets, in a stable order (the draw needs the whole pool). */
export async function loadPool(db: Db, lotteryId: number): Promise<{ id: string; entries: number }[]> {
  const rows = await db
    .selectFrom("lottery_tickets")
    .select(["user_id", "tickets"])
    .where("lottery_id", "=", lotteryId)
    .where("tickets", ">", 0)
    .orderBy("user_id")
    .execute();
  return rows.map((row) => ({ id: row.user_id, entries: row.tickets }));
}

/** Ends a running lottery with its result; false when it had ended already (the draw happens once). */
export async function markEnded(
  db: Db,
  id: number,
  result: {
    endedAt: number;
    endedBy: "schedule" | "manual";
    winnerId: string | null;
    winnerTickets: number | null;
    ticketsSold: number;
    entrants: number;
  },
): Promise<boolean> {
  const updated = await db
    .updateTable("lotteries")
    .set({
      status: "ended",
      ended_at: result.endedAt,
      ended_by: result.endedBy,
      winner_id: result.winnerId,
      winner_tickets: result.winnerTickets,
      tickets_sold: result.ticketsSold,
      entrants: result.entrants,
    })
    .where("id", "=", id)
    .where("status", "=", "running")
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/** Replaces an ended lottery's winner (anti-pool blocked the one drawn); null when no one is left. */
export async function setWinner(
  db: Db,
  id: number,
  winner: { id: string; entries: number } | null,
): Promise<void> {
  await db
    .updateTable("lotteries")
    .set({ winner_id: winner?.id ?? null, winner_tickets: winner?.entries ?? null })
    .where("id", "=", id)
    .execute();
}

/**
 * Claims the announcement for `leaseMs`: true for the caller that should post it now. A claim older
 * than the lease is a poster that died before finishing, and may be taken over.
 */
export async function claimAnnouncement(db: Db, id: number, now: number, leaseMs: number): Promise<boolean> {
  const updated = await db
    .updateTable("lotteries")
    .set({ announce_claimed_at: now })
    .where("id", "=", id)
    .where("announced_at", "is", null)
    .where((eb) =>
      eb.or([eb("announce_claimed_at", "is", null), eb("announce_claimed_at", "<", now - leaseMs)]),
    )
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/** The announcement went out (or was given up for good): nothing posts it again. */
export async function markAnnounced(db: Db, id: number, now: number): Promise<void> {
  await db.updateTable("lotteries").set({ announced_at: now }).where("id", "=", id).execute();
}

/** Lets the claim go, for a retry later. */
export async function releaseAnnouncement(db: Db, id: number): Promise<void> {
  await db.updateTable("lotteries").set({ announce_claimed_at: null }).where("id", "=", id).execute();
}

export async function deleteLottery(db: Db, id: number): Promise<void> {
  await db.deleteFrom("lotteries").where("id", "=", id).execute();
}
