import type { Timer } from "@hearth/core";
import type { Insertable, Selectable } from "kysely";
import type { Database, Db } from "../../db/schema.ts";
import type { TimerRowStatus } from "./tables.ts";

export type TimerRow = Selectable<Database["timers"]>;

export function toTimer(row: TimerRow): Timer {
  return {
    id: row.id,
    channelId: row.channel_id,
    duration: row.duration,
    message: row.message,
    endsAt: row.ends_at,
    messageId: row.message_id,
    // `ending` is the end being announced: the end time has passed.
    status: row.status === "running" ? "running" : row.status === "cancelled" ? "cancelled" : "ended",
    createdAt: row.created_at,
    createdBy: row.created_by,
    endedAt: row.finished_at,
  };
}

export async function insertTimer(db: Db, row: Insertable<Database["timers"]>): Promise<TimerRow> {
  return db.insertInto("timers").values(row).returningAll().executeTakeFirstOrThrow();
}

export async function deleteTimer(db: Db, id: number): Promise<void> {
  await db.deleteFrom("timers").where("id", "=", id).execute();
}

/** A timer of one server; another server's timer is "not there". */
export async function getTimer(db: Db, serverId: string, id: number): Promise<TimerRow | undefined> {
  return db
    .selectFrom("timers")
    .selectAll()
    .where("server_id", "=", serverId)
    .where("id", "=", id)
    .executeTakeFirst();
}

/** For the end job, which knows only the timer id. */
export async function getTimerById(db: Db, id: number): Promise<TimerRow | undefined> {
  return db.selectFrom("timers").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function countRunning(db: Db, serverId: string): Promise<number> {
  const { count } = await db
    .selectFrom("timers")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("server_id", "=", serverId)
    .where("status", "in", ["running", "ending"])
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** Running timers, soonest end first, then the `recent` latest finished ones. */
export async function listTimers(db: Db, serverId: string, recent: number): Promise<TimerRow[]> {
  const active = await db
    .selectFrom("timers")
    .selectAll()
    .where("server_id", "=", serverId)
    .where("status", "in", ["running", "ending"])
    .orderBy("ends_at")
    .orderBy("id")
    .execute();
  const finished = await db
    .selectFrom("timers")
    .selectAll()
    .where("server_id", "=", serverId)
    .where("status", "in", ["ended", "cancelled"])
    .orderBy("finished_at", "desc")
    .orderBy("id", "desc")
    .limit(recent)
    .execute();
  return [...active, ...finished];
}

/**
 * Moves a timer from one of `from` to `to` in one statement; answers whether it did. This is what
 * makes ending and cancelling exclusive: only one of them can take a running timer.
 */
export async function transition(
  db: Db,
  id: number,
  from: TimerRowStatus[],
  to: TimerRowStatus,
  finishedAt: number | null = null,
): Promise<boolean> {
  const result = await db
    .updateTable("timers")
    .set(finishedAt === null ? { status: to } : { status: to, finished_at: finishedAt })
    .where("id", "=", id)
    .where("status", "in", from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function setEndedMessage(db: Db, id: number, messageId: string): Promise<void> {
  await db.updateTable("timers").set({ ended_message_id: messageId }).where("id", "=", id).execute();
}
