import type { GiveawayRecurrence, GiveawaySettings } from "@hearth/core";
import type { Selectable } from "kysely";
import type { Dialect } from "../../db/database.ts";
import type { Database, Db } from "../../db/schema.ts";

// Scheduled starts and recurring series (`giveaway_schedules`), and their runs' giveaways.

type Row = Selectable<Database["giveaway_schedules"]>;

export type ScheduleStatus = Row["status"];

export interface Schedule {
  id: number;
  serverId: string;
  settings: GiveawaySettings;
  recurrence: GiveawayRecurrence | null;
  status: ScheduleStatus;
  nextRunAt: number | null;
  runs: number;
  createdBy: string;
  createdAt: number;
}

const toSchedule = (row: Row): Schedule => ({
  id: row.id,
  serverId: row.server_id,
  settings: JSON.parse(row.settings) as GiveawaySettings,
  recurrence: row.recurrence === null ? null : (JSON.parse(row.recurrence) as GiveawayRecurrence),
  status: row.status,
  nextRunAt: row.next_run_at === null ? null : Number(row.next_run_at),
  runs: Number(row.runs),
  createdBy: row.created_by,
  createdAt: Number(row.created_at),
});

export async function insertSchedule(
  db: Db,
  schedule: Omit<Schedule, "id" | "runs" | "status">,
): Promise<Schedule> {
  const row = await db
    .insertInto("giveaway_schedules")
    .values({
      server_id: schedule.serverId,
      channel_id: schedule.settings.channelId,
      settings: JSON.stringify(schedule.settings),
      recurrence: schedule.recurrence === null ? null : JSON.stringify(schedule.recurrence),
      status: "scheduled",
      next_run_at: schedule.nextRunAt,
      runs: 0,
      created_by: schedule.createdBy,
      created_at: schedule.createdAt,
      updated_at: schedule.createdAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toSchedule(row);
}

/** One schedule of a server; `lock` holds its row until the caller commits (PostgreSQL). */
export async function findSchedule(
  db: Db,
  serverId: string,
  id: number,
  options: { dialect?: Dialect; lock?: boolean } = {},
): Promise<Schedule | null> {
  let query = db
    .selectFrom("giveaway_schedules")
    .selectAll()
    .where("server_id", "=", serverId)
    .where("id", "=", id);
  if (options.lock && options.dialect === "postgres") query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? toSchedule(row) : null;
}

export async function updateSchedule(
  db: Db,
  id: number,
  patch: Partial<Pick<Schedule, "settings" | "recurrence" | "status" | "nextRunAt" | "runs">>,
  now: number,
): Promise<void> {
  await db
    .updateTable("giveaway_schedules")
    .set({
      ...(patch.settings
        ? { settings: JSON.stringify(patch.settings), channel_id: patch.settings.channelId }
        : {}),
      ...(patch.recurrence !== undefined
        ? { recurrence: patch.recurrence === null ? null : JSON.stringify(patch.recurrence) }
        : {}),
      ...(patch.status ? { status: patch.status } : {}),
      ...(patch.nextRunAt !== undefined ? { next_run_at: patch.nextRunAt } : {}),
      ...(patch.runs !== undefined ? { runs: patch.runs } : {}),
      updated_at: now,
    })
    .where("id", "=", id)
    .execute();
}

/**
 * The server's schedules worth listing: waiting or paused ones, and series (stopped too) that have
 * runs to show; newest first.
 */
export async function listSchedules(db: Db, serverId: string, limit = 100): Promise<Schedule[]> {
  const rows = await db
    .selectFrom("giveaway_schedules")
    .selectAll()
    .where("server_id", "=", serverId)
    .where((eb) =>
      eb.or([
        eb("status", "in", ["scheduled", "paused"]),
        eb.and([eb("recurrence", "is not", null), eb("runs", ">", 0)]),
      ]),
    )
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map(toSchedule);
}

/** Schedules that still count toward the running-giveaway cap: waiting (or paused) to post. */
export async function countPending(db: Db, serverId: string): Promise<number> {
  const row = await db
    .selectFrom("giveaway_schedules")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("server_id", "=", serverId)
    .where("status", "in", ["scheduled", "paused"])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The giveaways a schedule posted, latest run first. */
export async function listRuns(
  db: Db,
  scheduleIds: number[],
  perSchedule: number,
): Promise<
  {
    scheduleId: number;
    messageId: string;
    runNumber: number;
    status: "active" | "ended";
    endTime: number;
    entries: number;
    winners: number;
  }[]
> {
  if (scheduleIds.length === 0) return [];
  const rows = await db
    .selectFrom("giveaways as g")
    .select((eb) => [
      "g.schedule_id",
      "g.message_id",
      "g.run_number",
      "g.status",
      "g.end_time",
      eb
        .selectFrom("giveaway_entries as e")
        .select((sub) => sub.fn.countAll<number>().as("n"))
        .whereRef("e.giveaway_id", "=", "g.id")
        .as("entries"),
      eb
        .selectFrom("giveaway_winners as w")
        .select((sub) => sub.fn.countAll<number>().as("n"))
        .whereRef("w.giveaway_id", "=", "g.id")
        .where("w.replaced_at", "is", null)
        .as("winners"),
    ])
    .where("g.schedule_id", "in", scheduleIds)
    .orderBy("g.schedule_id")
    .orderBy("g.run_number", "desc")
    .execute();
  const kept = new Map<number, number>();
  return rows
    .filter((row) => {
      const id = Number(row.schedule_id);
      const count = kept.get(id) ?? 0;
      kept.set(id, count + 1);
      return count < perSchedule;
    })
    .map((row) => ({
      scheduleId: Number(row.schedule_id),
      messageId: row.message_id,
      runNumber: Number(row.run_number),
      status: row.status,
      endTime: Number(row.end_time),
      entries: Number(row.entries ?? 0),
      winners: Number(row.winners ?? 0),
    }));
}

/** The recurrence of the schedules behind these giveaways (their series), by schedule id. */
export async function recurrenceOf(db: Db, scheduleIds: number[]): Promise<Map<number, GiveawayRecurrence>> {
  if (scheduleIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("giveaway_schedules")
    .select(["id", "recurrence"])
    .where("id", "in", scheduleIds)
    .where("recurrence", "is not", null)
    .execute();
  return new Map(rows.map((row) => [row.id, JSON.parse(row.recurrence as string) as GiveawayRecurrence]));
}
