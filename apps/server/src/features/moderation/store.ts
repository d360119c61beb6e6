import type { Selectable } from "kysely";
import type { Database, Db } from "../../db/schema.ts";

export const caseActions = ["ban", "kick", "timeout", "unban", "warn"] as const;
export type CaseAction = (typeof caseActions)[number];

export interface ModerationCase {
  id: number;
  serverId: string;
  caseNumber: number;
  action: CaseAction;
  targetId: string;
  targetName: string | null;
  moderatorId: string | null;
  reason: string | null;
  durationMs: number | null;
  expiresAt: number | null;
  endedAt: number | null;
  createdAt: number;
}

const num = (value: number | string | null) => (value === null ? null : Number(value));

function toCase(row: Selectable<Database["moderation_cases"]>): ModerationCase {
  return {
    id: row.id,
    serverId: row.server_id,
    caseNumber: row.case_number,
    action: row.action as CaseAction,
    targetId: row.target_id,
    targetName: row.target_name,
    moderatorId: row.moderator_id,
    reason: row.reason,
    durationMs: num(row.duration_ms),
    expiresAt: num(row.expires_at),
    endedAt: num(row.ended_at),
    createdAt: Number(row.created_at),
  };
}

export type NewCase = Omit<ModerationCase, "id" | "caseNumber" | "endedAt">;

/** Inserts a case with the server's next number; call inside the server's moderation lock. */
export async function insertCase(db: Db, input: NewCase): Promise<ModerationCase> {
  const last = await db
    .selectFrom("moderation_cases")
    .select((eb) => eb.fn.max("case_number").as("number"))
    .where("server_id", "=", input.serverId)
    .executeTakeFirst();
  const row = await db
    .insertInto("moderation_cases")
    .values({
      server_id: input.serverId,
      case_number: Number(last?.number ?? 0) + 1,
      action: input.action,
      target_id: input.targetId,
      target_name: input.targetName,
      moderator_id: input.moderatorId,
      reason: input.reason,
      duration_ms: input.durationMs,
      expires_at: input.expiresAt,
      ended_at: null,
      created_at: input.createdAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toCase(row);
}

export async function findCaseByNumber(
  db: Db,
  serverId: string,
  caseNumber: number,
): Promise<ModerationCase | null> {
  const row = await db
    .selectFrom("moderation_cases")
    .selectAll()
    .where("server_id", "=", serverId)
    .where("case_number", "=", caseNumber)
    .executeTakeFirst();
  return row ? toCase(row) : null;
}

export async function findCase(db: Db, id: number): Promise<ModerationCase | null> {
  const row = await db.selectFrom("moderation_cases").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toCase(row) : null;
}

/** Marks a temporary ban as lifted; false when it already was (the job and an early unban race). */
export async function endCase(db: Db, id: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable("moderation_cases")
    .set({ ended_at: now })
    .where("id", "=", id)
    .where("ended_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Temporary bans of a user that haven't been lifted yet. */
export async function openTemporaryBans(db: Db, serverId: string, userId: string): Promise<ModerationCase[]> {
  const rows = await db
    .selectFrom("moderation_cases")
    .selectAll()
    .where("server_id", "=", serverId)
    .where("target_id", "=", userId)
    .where("action", "=", "ban")
    .where("expires_at", "is not", null)
    .where("ended_at", "is", null)
    .execute();
  return rows.map(toCase);
}

/** Every temporary ban of a server that hasn't been lifted yet. */
export async function openTemporaryBansOfServer(db: Db, serverId: string): Promise<ModerationCase[]> {
  const rows = await db
    .selectFrom("moderation_cases")
    .selectAll()
    .where("server_id", "=", serverId)
    .where("action", "=", "ban")
    .where("expires_at", "is not", null)
    .where("ended_at", "is", null)
    .execute();
  return rows.map(toCase);
}

export interface CaseQuery {
  userId?: string;
  action?: CaseAction;
  /** Only temporary bans not lifted yet. */
  open?: boolean;
  offset: number;
  limit: number;
}

/** The server's cases, newest first, with the total matching. */
export async function listCases(
  db: Db,
  serverId: string,
  query: CaseQuery,
): Promise<{ cases: ModerationCase[]; total: number }> {
  let base = db.selectFrom("moderation_cases").where("server_id", "=", serverId);
  if (query.userId) base = base.where("target_id", "=", query.userId);
  if (query.action) base = base.where("action", "=", query.action);
  if (query.open) {
    base = base.where("action", "=", "ban").where("expires_at", "is not", null).where("ended_at", "is", null);
  }
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy("case_number", "desc").offset(query.offset).limit(query.limit).execute(),
    base.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
  ]);
  return { cases: rows.map(toCase), total: Number(count.total) };
}
