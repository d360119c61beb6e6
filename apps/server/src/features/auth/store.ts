import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";

export type TokenRow = Database["dashboard_tokens"];

export interface DashboardToken {
  id: string;
  serverId: string;
  userId: string;
  userName: string;
  permission: string;
  createdAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
  revokedReason: string | null;
}

const toToken = (row: TokenRow): DashboardToken => ({
  id: row.id,
  serverId: row.server_id,
  userId: row.user_id,
  userName: row.user_name,
  permission: row.permission,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
  revokedAt: row.revoked_at,
  revokedReason: row.revoked_reason,
});

export async function insertToken(db: Kysely<Database>, row: TokenRow): Promise<DashboardToken> {
  await db.insertInto("dashboard_tokens").values(row).execute();
  return toToken(row);
}

export async function findLiveTokenByHash(
  db: Kysely<Database>,
  tokenHash: string,
): Promise<DashboardToken | null> {
  const row = await db
    .selectFrom("dashboard_tokens")
    .selectAll()
    .where("token_hash", "=", tokenHash)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return row ? toToken(row) : null;
}

export async function findLiveTokenForUser(
  db: Kysely<Database>,
  serverId: string,
  userId: string,
): Promise<DashboardToken | null> {
  const row = await db
    .selectFrom("dashboard_tokens")
    .selectAll()
    .where("server_id", "=", serverId)
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return row ? toToken(row) : null;
}

export async function findToken(db: Kysely<Database>, id: string): Promise<DashboardToken | null> {
  const row = await db.selectFrom("dashboard_tokens").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toToken(row) : null;
}

export async function listTokens(db: Kysely<Database>, serverId: string): Promise<DashboardToken[]> {
  const rows = await db
    .selectFrom("dashboard_tokens")
    .selectAll()
    .where("server_id", "=", serverId)
    .orderBy("created_at", "desc")
    .execute();
  return rows.map(toToken);
}

/** Marks a live token revoked; answers whether one was. */
export async function revokeToken(
  db: Kysely<Database>,
  id: string,
  reason: string,
  at: number,
): Promise<boolean> {
  const result = await db
    .updateTable("dashboard_tokens")
    .set({ revoked_at: at, revoked_reason: reason })
    .where("id", "=", id)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function touchToken(db: Kysely<Database>, id: string, at: number): Promise<void> {
  await db.updateTable("dashboard_tokens").set({ last_used_at: at }).where("id", "=", id).execute();
}

/** Whether a write broke a unique constraint (SQLite or PostgreSQL), e.g. a second live token. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "SQLITE_CONSTRAINT_UNIQUE" || code === "23505";
}

/** Deletes a token outright: only for one that was never delivered to anyone. */
export async function deleteToken(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom("dashboard_tokens").where("id", "=", id).execute();
}

/** Lowers a live token's permission level; answers whether it changed. */
export async function setTokenPermission(
  db: Kysely<Database>,
  id: string,
  permission: string,
): Promise<boolean> {
  const result = await db
    .updateTable("dashboard_tokens")
    .set({ permission })
    .where("id", "=", id)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
