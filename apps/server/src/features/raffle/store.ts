import type { Insertable, Selectable } from "kysely";
import type { Dialect } from "../../db/database.ts";
import type { Database, Db } from "../../db/schema.ts";

type Lock = { dialect?: Dialect; lock?: "share" | "update" };

export interface Raffle {
  id: number;
  serverId: string;
  channelId: string;
  messageId: string | null;
  prize: string;
  winnerCount: number;
  hostId: string;
  status: "open" | "drawing" | "drawn";
  createdAt: number;
  drawnAt: number | null;
  drawnBy: string | null;
  ticketsInDraw: number | null;
  holdersInDraw: number | null;
}

export interface RaffleWinner {
  userId: string;
  position: number;
  tickets: number;
}

const toRaffle = (row: Selectable<Database["raffles"]>): Raffle => ({
  id: Number(row.id),
  serverId: row.server_id,
  channelId: row.channel_id,
  messageId: row.message_id,
  prize: row.prize,
  winnerCount: row.winner_count,
  hostId: row.host_id,
  status: row.status,
  createdAt: Number(row.created_at),
  drawnAt: row.drawn_at === null ? null : Number(row.drawn_at),
  drawnBy: row.drawn_by,
  ticketsInDraw: row.tickets_in_draw,
  holdersInDraw: row.holders_in_draw,
});

/** On PostgreSQL: "share" holds the raffle against the draw while tickets are added; "update" serialises draws. */
function locked<Q extends { forShare(): Q; forUpdate(): Q }>(query: Q, options: Lock): Q {
  if (options.dialect === "postgres" && options.lock === "share") return query.forShare();
  if (options.dialect === "postgres" && options.lock === "update") return query.forUpdate();
  return query;
}

export async function insertRaffle(
  db: Db,
  raffle: Omit<Insertable<Database["raffles"]>, "id">,
): Promise<Raffle> {
  return toRaffle(await db.insertInto("raffles").values(raffle).returningAll().executeTakeFirstOrThrow());
}

/** The server's raffle that is not drawn yet (open, or closed for a draw in progress), if any. */
export async function findCurrent(db: Db, serverId: string, options: Lock = {}): Promise<Raffle | null> {
  const query = db
    .selectFrom("raffles")
    .selectAll()
    .where("server_id", "=", serverId)
    .where("status", "!=", "drawn");
  const row = await locked(query, options).executeTakeFirst();
  return row ? toRaffle(row) : null;
}

export async function findLatest(db: Db, serverId: string): Promise<Raffle | null> {
  const row = await db
    .selectFrom("raffles")
    .selectAll()
    .where("server_id", "=", serverId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
  return row ? toRaffle(row) : null;
}

export async function setStatus(db: Db, id: number, status: Raffle["status"]): Promise<void> {
  await db.updateTable("raffles").set({ status }).where("id", "=", id).execute();
}

/** Adds tickets to a member's count (and marks them present); answers their count now. */
export async function addTickets(
  db: Db,
  raffleId: number,
  userId: string,
  tickets: number,
  now: number,
): Promise<number> {
  const row = await db
    .insertInto("raffle_tickets")
    .values({ raffle_id: raffleId, user_id: userId, tickets, left_at: null, updated_at: now })
    .onConflict((oc) =>
      oc.columns(["raffle_id", "user_id"]).doUpdateSet((eb) => ({
        tickets: eb("raffle_tickets.tickets", "+", eb.ref("excluded.tickets")),
        left_at: null,
        updated_at: now,
      })),
    )
    .returning("tickets")
    .executeTakeFirstOrThrow();
  return row.tickets;
}

export async function ticketsOf(db: Db, raffleId: number, userId: string): Promise<number> {
  const row = await db
    .selectFrom("raffle_tickets")
    .select("tickets")
    .where("raffle_id", "=", raffleId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row?.tickets ?? 0;
}

/** Every ticket handed out in the raffle and how many members hold them (members who left included). */
export async function totals(db: Db, raffleId: number): Promise<{ tickets: number; holders: number }> {
  const row = await db
    .selectFrom("raffle_tickets")
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>("tickets"), eb.lit(0)).as("tickets"),
      eb.fn.countAll<number>().as("holders"),
    ])
    .where("raffle_id", "=", raffleId)
    .executeTakeFirstOrThrow();
  return { tickets: Number(row.tickets), holders: Number(row.holders) };
}

/** The members in the draw: ticket holders who have not left the server, in a stable order. */
export async function loadPool(db: Db, raffleId: number): Promise<{ id: string; entries: number }[]> {
  const rows = await db
    .selectFrom("raffle_tickets")
    .select(["user_id", "tickets"])
    .where("raffle_id", "=", raffleId)
    .where("left_at", "is", null)
    .where("tickets", ">", 0)
    .orderBy("user_id")
    .execute();
  return rows.map((row) => ({ id: row.user_id, entries: row.tickets }));
}

/** Marks a member as gone from (or back in) the server's undrawn raffles. */
export async function markPresence(
  db: Db,
  serverId: string,
  userId: string,
  leftAt: number | null,
): Promise<void> {
  await db
    .updateTable("raffle_tickets")
    .set({ left_at: leftAt })
    .where("user_id", "=", userId)
    .where("raffle_id", "in", (eb) =>
      eb.selectFrom("raffles").select("id").where("server_id", "=", serverId).where("status", "!=", "drawn"),
    )
    .execute();
}

/** Records the final draw; false when the raffle was drawn already. */
export async function recordDraw(
  db: Db,
  raffleId: number,
  draw: {
    drawnAt: number;
    drawnBy: string | null;
    tickets: number;
    holders: number;
    winners: RaffleWinner[];
  },
): Promise<boolean> {
  const updated = await db
    .updateTable("raffles")
    .set({
      status: "drawn",
      drawn_at: draw.drawnAt,
      drawn_by: draw.drawnBy,
      tickets_in_draw: draw.tickets,
      holders_in_draw: draw.holders,
    })
    .where("id", "=", raffleId)
    .where("status", "!=", "drawn")
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) return false;
  if (draw.winners.length > 0) {
    await db
      .insertInto("raffle_winners")
      .values(
        draw.winners.map((w) => ({
          raffle_id: raffleId,
          user_id: w.userId,
          position: w.position,
          tickets: w.tickets,
        })),
      )
      .execute();
  }
  return true;
}

export async function listWinners(db: Db, raffleId: number): Promise<RaffleWinner[]> {
  const rows = await db
    .selectFrom("raffle_winners")
    .selectAll()
    .where("raffle_id", "=", raffleId)
    .orderBy("position")
    .execute();
  return rows.map((row) => ({ userId: row.user_id, position: row.position, tickets: row.tickets }));
}

export async function setMessageId(db: Db, id: number, messageId: string): Promise<void> {
  await db.updateTable("raffles").set({ message_id: messageId }).where("id", "=", id).execute();
}

export async function deleteRaffle(db: Db, id: number): Promise<void> {
  await db.deleteFrom("raffles").where("id", "=", id).execute();
}
