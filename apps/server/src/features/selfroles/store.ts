import type { Kysely, Selectable } from "kysely";
import type { Database, Db } from "../../db/schema.ts";
import type { RemovedFrom } from "./role-store.ts";

// Panels, their roles in order, and the messages carrying them.

export type PanelDisplay = "buttons" | "dropdown";

export interface PanelRole {
  roleId: string;
  emoji: string | null;
}

export interface Panel {
  id: number;
  serverId: string;
  name: string;
  title: string;
  description: string | null;
  display: PanelDisplay;
  roles: PanelRole[];
  createdBy: string | null;
  createdAt: number;
}

export interface PanelMessage {
  messageId: string;
  panelId: number;
  channelId: string;
  kind: "posted" | "bound";
}

// ---- panels ----

export const nameKey = (name: string) => name.trim().toLowerCase();

async function panelRoles(db: Db, panelIds: number[]): Promise<Map<number, PanelRole[]>> {
  const byPanel = new Map<number, PanelRole[]>();
  if (panelIds.length === 0) return byPanel;
  const rows = await db
    .selectFrom("selfrole_panel_roles")
    .select(["panel_id", "role_id", "emoji"])
    .where("panel_id", "in", panelIds)
    .orderBy("panel_id")
    .orderBy("position")
    .execute();
  for (const row of rows) {
    const list = byPanel.get(row.panel_id) ?? [];
    list.push({ roleId: row.role_id, emoji: row.emoji });
    byPanel.set(row.panel_id, list);
  }
  return byPanel;
}

async function toPanels(db: Db, rows: Selectable<Database["selfrole_panels"]>[]): Promise<Panel[]> {
  const roles = await panelRoles(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    serverId: row.server_id,
    name: row.name,
    title: row.title,
    description: row.description,
    display: row.display,
    roles: roles.get(row.id) ?? [],
    createdBy: row.created_by,
    createdAt: Number(row.created_at),
  }));
}

export async function listPanels(db: Db, serverId: string): Promise<Panel[]> {
  const rows = await db
    .selectFrom("selfrole_panels")
    .selectAll()
    .where("server_id", "=", serverId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return toPanels(db, rows);
}

export async function findPanel(db: Db, serverId: string, panelId: number): Promise<Panel | null> {
  const row = await db
    .selectFrom("selfrole_panels")
    .selectAll()
    .where("server_id", "=", serverId)
    .where("id", "=", panelId)
    .executeTakeFirst();
  return row ? ((await toPanels(db, [row]))[0] ?? null) : null;
}

export async function findPanelByName(db: Db, serverId: string, name: string): Promise<Panel | null> {
  const row = await db
    .selectFrom("selfrole_panels")
    .selectAll()
    .where("server_id", "=", serverId)
    .where("name_key", "=", nameKey(name))
    .executeTakeFirst();
  return row ? ((await toPanels(db, [row]))[0] ?? null) : null;
}

/** Stores a new panel; null when the server already has a panel of that name (any case). */
export async function insertPanel(
  db: Kysely<Database>,
  input: Omit<Panel, "id" | "createdAt">,
  now: number,
): Promise<Panel | null> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("selfrole_panels")
      .values({
        server_id: input.serverId,
        name: input.name.trim(),
        name_key: nameKey(input.name),
        title: input.title,
        description: input.description,
        display: input.display,
        created_by: input.createdBy,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.columns(["server_id", "name_key"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!row) return null;
    await setPanelRoles(trx, input.serverId, row.id, input.roles);
    return findPanel(trx, input.serverId, row.id);
  });
}

/**
 * Replaces a panel's name, look and roles; null when another panel of the server has that name (any
 * case) or the panel is gone.
 */
export async function updatePanel(
  db: Kysely<Database>,
  serverId: string,
  panelId: number,
  next: Pick<Panel, "name" | "title" | "description" | "display" | "roles">,
  now: number,
): Promise<Panel | null> {
  return db.transaction().execute(async (trx) => {
    const clash = await trx
      .selectFrom("selfrole_panels")
      .select("id")
      .where("server_id", "=", serverId)
      .where("name_key", "=", nameKey(next.name))
      .where("id", "!=", panelId)
      .executeTakeFirst();
    if (clash) return null;
    const result = await trx
      .updateTable("selfrole_panels")
      .set({
        name: next.name.trim(),
        name_key: nameKey(next.name),
        title: next.title,
        description: next.description,
        display: next.display,
        updated_at: now,
      })
      .where("server_id", "=", serverId)
      .where("id", "=", panelId)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return null;
    await setPanelRoles(trx, serverId, panelId, next.roles);
    return findPanel(trx, serverId, panelId);
  });
}

/** Replaces a panel's roles, in the order given. */
export async function setPanelRoles(db: Db, serverId: string, panelId: number, roles: PanelRole[]) {
  await db.deleteFrom("selfrole_panel_roles").where("panel_id", "=", panelId).execute();
  if (roles.length === 0) return;
  await db
    .insertInto("selfrole_panel_roles")
    .values(
      roles.map((role, position) => ({
        panel_id: panelId,
        server_id: serverId,
        role_id: role.roleId,
        emoji: role.emoji,
        position,
      })),
    )
    .execute();
}

/** Takes a role off every panel of the server; answers the panels it was on, with its emoji. */
export async function removeRoleFromPanels(db: Db, serverId: string, roleId: string): Promise<RemovedFrom[]> {
  const rows = await db
    .deleteFrom("selfrole_panel_roles")
    .where("server_id", "=", serverId)
    .where("role_id", "=", roleId)
    .returning(["panel_id", "emoji"])
    .execute();
  return rows
    .map((row) => ({ panelId: row.panel_id, emoji: row.emoji }))
    .sort((a, b) => a.panelId - b.panelId);
}

/** Puts a role back at the end of a panel, unless it is there already or the panel is full. */
export async function appendPanelRole(
  db: Db,
  serverId: string,
  panelId: number,
  role: PanelRole,
  maxRoles: number,
): Promise<boolean> {
  const rows = await db
    .selectFrom("selfrole_panel_roles")
    .select(["role_id", "position"])
    .where("panel_id", "=", panelId)
    .execute();
  if (rows.length >= maxRoles || rows.some((row) => row.role_id === role.roleId)) return false;
  const position = rows.reduce((top, row) => Math.max(top, row.position + 1), 0);
  await db
    .insertInto("selfrole_panel_roles")
    .values({ panel_id: panelId, server_id: serverId, role_id: role.roleId, emoji: role.emoji, position })
    .execute();
  return true;
}

export async function deletePanel(db: Db, serverId: string, panelId: number): Promise<boolean> {
  // Children first: the cascade is not relied on (SQLite only applies it with foreign_keys on).
  await db.deleteFrom("selfrole_messages").where("panel_id", "=", panelId).execute();
  await db.deleteFrom("selfrole_panel_roles").where("panel_id", "=", panelId).execute();
  const result = await db
    .deleteFrom("selfrole_panels")
    .where("server_id", "=", serverId)
    .where("id", "=", panelId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

// ---- messages carrying panels ----

const toMessage = (row: Selectable<Database["selfrole_messages"]>): PanelMessage => ({
  messageId: row.message_id,
  panelId: row.panel_id,
  channelId: row.channel_id,
  kind: row.kind,
});

/** Records a message as carrying a panel (a message moves to the last panel bound to it). */
export async function savePanelMessage(
  db: Db,
  serverId: string,
  message: PanelMessage,
  now: number,
): Promise<void> {
  await db
    .insertInto("selfrole_messages")
    .values({
      message_id: message.messageId,
      panel_id: message.panelId,
      server_id: serverId,
      channel_id: message.channelId,
      kind: message.kind,
      created_at: now,
    })
    .onConflict((oc) =>
      oc
        .column("message_id")
        .doUpdateSet({ panel_id: message.panelId, kind: message.kind, server_id: serverId }),
    )
    .execute();
}

export async function listPanelMessages(
  db: Db,
  serverId: string,
  panelIds?: number[],
): Promise<PanelMessage[]> {
  if (panelIds?.length === 0) return [];
  let query = db.selectFrom("selfrole_messages").selectAll().where("server_id", "=", serverId);
  if (panelIds) query = query.where("panel_id", "in", panelIds);
  const rows = await query.orderBy("created_at").orderBy("message_id").execute();
  return rows.map(toMessage);
}

export async function findPanelMessage(db: Db, messageId: string): Promise<PanelMessage | null> {
  const row = await db
    .selectFrom("selfrole_messages")
    .selectAll()
    .where("message_id", "=", messageId)
    .executeTakeFirst();
  return row ? toMessage(row) : null;
}

export async function forgetPanelMessage(db: Db, messageId: string): Promise<void> {
  await db.deleteFrom("selfrole_messages").where("message_id", "=", messageId).execute();
}
