import type { Insertable, Selectable } from "kysely";
import type { Database, Db } from "../../db/schema.ts";

type Row = Selectable<Database["birthdays"]>;

export interface Birthday {
  serverId: string;
  userId: string;
  month: number;
  day: number;
  year: number | null;
  showAge: boolean;
  timezone: string;
  nextAt: number;
  lastAnnouncedYear: number | null;
  deliveredYear: number | null;
  createdAt: number;
  updatedAt: number;
}

export interface BirthdaySettings {
  serverId: string;
  channelId: string;
  roleId: string | null;
  message: string | null;
  updatedAt: number;
}

const toBirthday = (row: Row): Birthday => ({
  serverId: row.server_id,
  userId: row.user_id,
  month: row.month,
  day: row.day,
  year: row.year,
  showAge: row.show_age === 1,
  timezone: row.timezone,
  nextAt: Number(row.next_at),
  lastAnnouncedYear: row.last_announced_year,
  deliveredYear: row.delivered_year,
  createdAt: Number(row.created_at),
  updatedAt: Number(row.updated_at),
});

export async function findBirthday(db: Db, serverId: string, userId: string): Promise<Birthday | null> {
  const row = await db
    .selectFrom("birthdays")
    .selectAll()
    .where("server_id", "=", serverId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row ? toBirthday(row) : null;
}

/** Saves a member's birthday (a new date resets nothing about announcements already made). */
export async function upsertBirthday(db: Db, row: Insertable<Database["birthdays"]>): Promise<void> {
  await db
    .insertInto("birthdays")
    .values(row)
    .onConflict((oc) =>
      oc.columns(["server_id", "user_id"]).doUpdateSet({
        month: row.month,
        day: row.day,
        year: row.year ?? null,
        show_age: row.show_age,
        timezone: row.timezone,
        next_at: row.next_at,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

export async function deleteBirthday(db: Db, serverId: string, userId: string): Promise<boolean> {
  const result = await db
    .deleteFrom("birthdays")
    .where("server_id", "=", serverId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The server's birthdays by when they next start, soonest first. */
export async function listUpcoming(db: Db, serverId: string, limit: number): Promise<Birthday[]> {
  const rows = await db
    .selectFrom("birthdays")
    .selectAll()
    .where("server_id", "=", serverId)
    .orderBy("next_at")
    .orderBy("user_id")
    .limit(limit)
    .execute();
  return rows.map(toBirthday);
}

export async function countBirthdays(db: Db, serverId: string): Promise<number> {
  const row = await db
    .selectFrom("birthdays")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("server_id", "=", serverId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Birthdays whose start has passed without their announcement being claimed (a lost job). */
export async function listOverdue(db: Db, now: number, limit = 500): Promise<Birthday[]> {
  const rows = await db
    .selectFrom("birthdays")
    .selectAll()
    .where("next_at", "<=", now)
    .orderBy("next_at")
    .limit(limit)
    .execute();
  return rows.map(toBirthday);
}

/**
 * Claims the announcement of `year`: moves the birthday on to `nextAt` and records the year, only
 * while it still starts at `at` and that year isn't claimed. True for exactly one caller.
 */
export async function claimAnnouncement(
  db: Db,
  key: { serverId: string; userId: string },
  at: number,
  year: number,
  nextAt: number,
): Promise<boolean> {
  const result = await db
    .updateTable("birthdays")
    .set({ last_announced_year: year, next_at: nextAt })
    .where("server_id", "=", key.serverId)
    .where("user_id", "=", key.userId)
    .where("next_at", "=", at)
    .where((eb) => eb.or([eb("last_announced_year", "is", null), eb("last_announced_year", "<", year)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records that the claimed announcement of `year` went out (or was given up). */
export async function markDelivered(
  db: Db,
  key: { serverId: string; userId: string },
  year: number,
): Promise<void> {
  await db
    .updateTable("birthdays")
    .set({ delivered_year: year })
    .where("server_id", "=", key.serverId)
    .where("user_id", "=", key.userId)
    .where("last_announced_year", "=", year)
    .execute();
}

export async function findSettings(db: Db, serverId: string): Promise<BirthdaySettings | null> {
  const row = await db
    .selectFrom("birthday_settings")
    .selectAll()
    .where("server_id", "=", serverId)
    .executeTakeFirst();
  return row
    ? {
        serverId: row.server_id,
        channelId: row.channel_id,
        roleId: row.role_id,
        message: row.message,
        updatedAt: Number(row.updated_at),
      }
    : null;
}

export async function saveSettings(db: Db, row: Insertable<Database["birthday_settings"]>): Promise<void> {
  await db
    .insertInto("birthday_settings")
    .values(row)
    .onConflict((oc) =>
      oc.column("server_id").doUpdateSet({
        channel_id: row.channel_id,
        role_id: row.role_id ?? null,
        message: row.message ?? null,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}
