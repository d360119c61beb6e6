import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";

export interface AuditActor {
  tokenId: string | null;
  userId: string | null;
}

export interface AuditEntry {
  id: number;
  serverId: string;
  tokenId: string | null;
  actorUserId: string | null;
  action: string;
  summary: Record<string, unknown>;
  createdAt: number;
}

/** Records who did what to a server; callers pass their transaction so the entry commits with the change. */
export async function recordAudit(
  db: Kysely<Database> | Transaction<Database>,
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
      action,
      summary: JSON.stringify(summary),
      created_at: Date.now(),
    })
    .execute();
}

export async function listAudit(db: Kysely<Database>, serverId: string, limit = 50): Promise<AuditEntry[]> {
  const rows = await db
    .selectFrom("audit_log")
    .selectAll()
    .where("server_id", "=", serverId)
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    serverId: row.server_id,
    tokenId: row.token_id,
    actorUserId: row.actor_user_id,
    action: row.action,
    summary: JSON.parse(row.summary) as Record<string, unknown>,
    createdAt: row.created_at,
  }));
}
