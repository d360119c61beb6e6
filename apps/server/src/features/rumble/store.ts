import type { Db } from "../../db/schema.ts";

export interface WinCount {
  userId: string;
  wins: number;
  lastWinAt: number;
}

/** Records a win once per game-over message; answers false when it was recorded already. */
export async function insertWin(
  db: Db,
  win: { serverId: string; userId: string; channelId: string; messageId: string; wonAt: number },
): Promise<boolean> {
  const result = await db
    .insertInto("rumble_wins")
    .values({
      server_id: win.serverId,
      user_id: win.userId,
      channel_id: win.channelId,
      message_id: win.messageId,
      won_at: win.wonAt,
    })
    .onConflict((oc) => oc.columns(["server_id", "message_id"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  return result !== undefined;
}

/**
 * Wins per member since `since` (all time when 0), most first; a tie goes to whoever reached the
 * count first (the earlier last win), then by id so the order is stable.
 */
export async function winCounts(db: Db, serverId: string, since: number): Promise<WinCount[]> {
  const rows = await db
    .selectFrom("rumble_wins")
    .select((eb) => [
      "user_id",
      eb.fn.countAll<number | string>().as("wins"),
      eb.fn.max("won_at").as("last_win_at"),
    ])
    .where("server_id", "=", serverId)
    .where("won_at", ">=", since)
    .groupBy("user_id")
    .execute();
  return rows
    .map((row) => ({ userId: row.user_id, wins: Number(row.wins), lastWinAt: Number(row.last_win_at) }))
    .sort((a, b) => b.wins - a.wins || a.lastWinAt - b.lastWinAt || a.userId.localeCompare(b.userId));
}

export async function countWins(db: Db, serverId: string, userId: string, since = 0): Promise<number> {
  const row = await db
    .selectFrom("rumble_wins")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("server_id", "=", serverId)
    .where("user_id", "=", userId)
    .where("won_at", ">=", since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
