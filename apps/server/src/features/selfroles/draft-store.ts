import type { Selectable } from "kysely";
import type { Database, Db } from "../../db/schema.ts";
import { parseJsonList } from "./json-list.ts";
import type { PanelDisplay } from "./store.ts";

// Panels being built with /selfroles create, kept between the steps of the conversation.

export interface Draft {
  id: string;
  serverId: string;
  userId: string;
  channelId: string;
  name: string;
  title: string;
  description: string | null;
  roleIds: string[];
  display: PanelDisplay;
  page: number;
  expiresAt: number;
}

const toDraft = (row: Selectable<Database["selfrole_drafts"]>): Draft => ({
  id: row.id,
  serverId: row.server_id,
  userId: row.user_id,
  channelId: row.channel_id,
  name: row.name,
  title: row.title,
  description: row.description,
  roleIds: parseJsonList<string>(row.role_ids),
  display: row.display,
  page: row.page,
  expiresAt: Number(row.expires_at),
});

export async function insertDraft(db: Db, draft: Draft, now: number): Promise<void> {
  await db.deleteFrom("selfrole_drafts").where("expires_at", "<", now).execute();
  await db
    .insertInto("selfrole_drafts")
    .values({
      id: draft.id,
      server_id: draft.serverId,
      user_id: draft.userId,
      channel_id: draft.channelId,
      name: draft.name,
      title: draft.title,
      description: draft.description,
      role_ids: JSON.stringify(draft.roleIds),
      display: draft.display,
      page: draft.page,
      expires_at: draft.expiresAt,
    })
    .execute();
}

export async function findDraft(db: Db, id: string, now: number): Promise<Draft | null> {
  const row = await db
    .selectFrom("selfrole_drafts")
    .selectAll()
    .where("id", "=", id)
    .where("expires_at", ">=", now)
    .executeTakeFirst();
  return row ? toDraft(row) : null;
}

export async function updateDraft(
  db: Db,
  id: string,
  changes: Partial<Pick<Draft, "roleIds" | "display" | "page" | "expiresAt">>,
): Promise<void> {
  await db
    .updateTable("selfrole_drafts")
    .set({
      ...(changes.roleIds ? { role_ids: JSON.stringify(changes.roleIds) } : {}),
      ...(changes.display ? { display: changes.display } : {}),
      ...(changes.page !== undefined ? { page: changes.page } : {}),
      ...(changes.expiresAt !== undefined ? { expires_at: changes.expiresAt } : {}),
    })
    .where("id", "=", id)
    .execute();
}

export async function deleteDraft(db: Db, id: string): Promise<void> {
  await db.deleteFrom("selfrole_drafts").where("id", "=", id).execute();
}
