import type { Kysely, Selectable } from "kysely";
import type { Database, Db } from "../../db/schema.ts";

export interface AuditActor {
  tokenId: string | null;
  userId: string | null;
  /** Where the request came from (dashboard changes); omitted by the bot. */
  address?: string | null;
}

export interface AuditEntry {
  id: number;
  serverId: string;
  tokenId: string | null;
  actorUserId: string | null;
  action: string;
  feature: string;
  address: string | null;
  summary: Record<string, unknown>;
  createdAt: number;
}

/** The feature an action belongs to: `grinders.hire` → `grinders`. */
export const featureOfAction = (action: string) => action.split(".")[0] ?? action;

/** Records who did what to a server; callers pass their transaction so the entry commits with the change. */
export async function recordAudit(
  db: Db,
  serverId: string,
  actor: AuditActor,
  action: string,
  summary: Record<string, unknown> = {},
): Promise<void> {
  await db
    .insertInto("audit_log")
    .values({
      server_id: serverId,
      token_id: actor.tokenId,
      actor_user_id: actor.userId,
      address: actor.address ?? null,
      action,
      feature: featureOfAction(action),
      summary: JSON.stringify(summary),
      created_at: Date.now(),
    })
    .execute();
}

export interface AuditFilter {
  feature?: string;
  actorUserId?: string;
}

function toEntry(row: Selectable<Database["audit_log"]>): AuditEntry {
  return {
    id: row.id,
    serverId: row.server_id,
    tokenId: row.token_id,
    actorUserId: row.actor_user_id,
    action: row.action,
    feature: row.feature,
    address: row.address,
    summary: JSON.parse(row.summary) as Record<string, unknown>,
    createdAt: row.created_at,
  };
}

function filtered(db: Kysely<Database>, serverId: string, filter: AuditFilter) {
  let query = db.selectFrom("audit_log").where("server_id", "=", serverId);
  if (filter.feature) query = query.where("feature", "=", filter.feature);
  if (filter.actorUserId) query = query.where("actor_user_id", "=", filter.actorUserId);
  return query;
}

export async function listAudit(db: Kysely<Database>, serverId: string, limit = 50): Promise<AuditEntry[]> {
  return (await pageAudit(db, serverId, {}, { offset: 0, limit })).entries;
}

/** One page of a server's audit log, newest first, with the total the filter matches. */
export async function pageAudit(
  db: Kysely<Database>,
  serverId: string,
  filter: AuditFilter,
  page: { offset: number; limit: number },
): Promise<{ entries: AuditEntry[]; total: number }> {
  const [rows, count] = await Promise.all([
    filtered(db, serverId, filter)
      .selectAll()
      .orderBy("id", "desc")
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    filtered(db, serverId, filter)
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .executeTakeFirst(),
  ]);
  return { entries: rows.map(toEntry), total: Number(count?.n ?? 0) };
}

/** The features and members a server's log has entries of, for the viewer's filters. */
export async function auditFacets(
  db: Kysely<Database>,
  serverId: string,
): Promise<{ features: string[]; actorUserIds: string[] }> {
  const [features, actors] = await Promise.all([
    db
      .selectFrom("audit_log")
      .select("feature")
      .distinct()
      .where("server_id", "=", serverId)
      .orderBy("feature")
      .execute(),
    db
      .selectFrom("audit_log")
      .select("actor_user_id")
      .distinct()
      .where("server_id", "=", serverId)
      .where("actor_user_id", "is not", null)
      .execute(),
  ]);
  return {
    features: features.map((row) => row.feature).filter((feature) => feature !== ""),
    actorUserIds: actors.flatMap((row) => (row.actor_user_id ? [row.actor_user_id] : [])),
  };
}

/**
 * One page of the entries about one record: `actions` whose summary starts with `{"id":"<subjectId>"`
 * (how the grinders feature writes its break entries). Ids are digits only, so the pattern is exact.
 */
export async function pageAuditOfSubject(
  db: Kysely<Database>,
  serverId: string,
  actions: readonly string[],
  subjectId: string,
  page: { offset: number; limit: number },
): Promise<{ entries: AuditEntry[]; total: number }> {
  if (!/^\d+$/.test(subjectId) || actions.length === 0) return { entries: [], total: 0 };
  const base = () =>
    db
      .selectFrom("audit_log")
      .where("server_id", "=", serverId)
      .where("action", "in", actions)
      .where("summary", "like", `{"id":"${subjectId}",%`);
  const [rows, count] = await Promise.all([
    base().selectAll().orderBy("id", "desc").offset(page.offset).limit(page.limit).execute(),
    base()
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .executeTakeFirst(),
  ]);
  return { entries: rows.map(toEntry), total: Number(count?.n ?? 0) };
}

/** Whether `tokenId` already has an `action` entry on the server since `since` (ms). */
export async function hasTokenEntrySince(
  db: Kysely<Database>,
  serverId: string,
  tokenId: string,
  action: string,
  since: number,
): Promise<boolean> {
  const row = await db
    .selectFrom("audit_log")
    .select("id")
    .where("server_id", "=", serverId)
    .where("token_id", "=", tokenId)
    .where("action", "=", action)
    .where("created_at", ">=", since)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Deletes entries older than `before` (ms), then each server's oldest beyond `maxPerServer`;
 * answers how many went.
 */
export async function pruneAudit(
  db: Kysely<Database>,
  before: number,
  maxPerServer: number,
): Promise<{ expired: number; overCap: number }> {
  const expired = await db.deleteFrom("audit_log").where("created_at", "<", before).executeTakeFirst();
  const crowded = await db
    .selectFrom("audit_log")
    .select("server_id")
    .groupBy("server_id")
    .having((eb) => eb.fn.countAll(), ">", maxPerServer)
    .execute();
  let overCap = 0n;
  for (const { server_id: serverId } of crowded) {
    // The id of the newest entry that no longer fits: it and everything older go.
    const edge = await db
      .selectFrom("audit_log")
      .select("id")
      .where("server_id", "=", serverId)
      .orderBy("id", "desc")
      .offset(maxPerServer)
      .limit(1)
      .executeTakeFirst();
    if (!edge) continue;
    const result = await db
      .deleteFrom("audit_log")
      .where("server_id", "=", serverId)
      .where("id", "<=", edge.id)
      .executeTakeFirst();
    overCap += result.numDeletedRows;
  }
  return { expired: Number(expired.numDeletedRows), overCap: Number(overCap) };
}

/**
 * When the server's latest entry of `action` about `subjectId` was written, or null: entries whose
 * summary is a JSON object starting with that `id` (how services record the thing they changed).
 */
export async function lastEntryAt(
  db: Db,
  serverId: string,
  action: string,
  subjectId: string,
): Promise<number | null> {
  if (!/^\d+$/.test(subjectId)) return null;
  const row = await db
    .selectFrom("audit_log")
    .select("created_at")
    .where("server_id", "=", serverId)
    .where("action", "=", action)
    .where("summary", "like", `{"id":"${subjectId}",%`)
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ? row.created_at : null;
}
