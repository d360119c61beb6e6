import type { Db } from "../../db/schema.ts";

/** The history kept per server: enough for `/statica logs` (at most 50 shown) with room to spare. */
export const keptEvents = 2000;

export interface RewardEvent {
  userId: string;
  roleId: string;
  event: "added" | "removed";
  at: number;
}

/** Records roles given or taken back, and trims the server's history to the latest `keptEvents`. */
export async function recordRewardEvents(
  db: Db,
  serverId: string,
  userId: string,
  event: RewardEvent["event"],
  roleIds: string[],
  at: number,
): Promise<void> {
  if (roleIds.length === 0) return;
  await db
    .insertInto("statica_events")
    .values(roleIds.map((roleId) => ({ server_id: serverId, user_id: userId, role_id: roleId, event, at })))
    .execute();
  const cutoff = await db
    .selectFrom("statica_events")
    .select("id")
    .where("server_id", "=", serverId)
    .orderBy("id", "desc")
    .offset(keptEvents)
    .limit(1)
    .executeTakeFirst();
  if (cutoff) {
    await db
      .deleteFrom("statica_events")
      .where("server_id", "=", serverId)
      .where("id", "<=", cutoff.id)
      .execute();
  }
}

/** The latest events of a server, newest first. */
export async function latestRewardEvents(db: Db, serverId: string, limit: number): Promise<RewardEvent[]> {
  const rows = await db
    .selectFrom("statica_events")
    .select(["user_id", "role_id", "event", "at"])
    .where("server_id", "=", serverId)
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    userId: row.user_id,
    roleId: row.role_id,
    event: row.event,
    at: Number(row.at),
  }));
}
