import type { Selectable } from "kysely";
import type { Database, Db } from "../../db/schema.ts";
import { parseJsonList } from "./json-list.ts";

// The roles an admin allowed on panels (the whitelist), and those Hearth took off them (the blacklist).

export type RoleStatus = "whitelisted" | "blacklisted";

export interface ListedRole {
  roleId: string;
  status: RoleStatus;
  reason: string | null;
  /** Panels a blacklisted role was taken off, with its emoji there (put back on restore). */
  removedFrom: RemovedFrom[];
  addedBy: string | null;
  updatedAt: number;
}

export interface RemovedFrom {
  panelId: number;
  emoji: string | null;
}

const toRole = (row: Selectable<Database["selfrole_roles"]>): ListedRole => ({
  roleId: row.role_id,
  status: row.status,
  reason: row.reason,
  removedFrom: parseJsonList<RemovedFrom>(row.removed_from),
  addedBy: row.added_by,
  updatedAt: Number(row.updated_at),
});

export async function listRoles(db: Db, serverId: string): Promise<ListedRole[]> {
  const rows = await db
    .selectFrom("selfrole_roles")
    .selectAll()
    .where("server_id", "=", serverId)
    .orderBy("created_at")
    .orderBy("role_id")
    .execute();
  return rows.map(toRole);
}

export async function findRole(db: Db, serverId: string, roleId: string): Promise<ListedRole | null> {
  const row = await db
    .selectFrom("selfrole_roles")
    .selectAll()
    .where("server_id", "=", serverId)
    .where("role_id", "=", roleId)
    .executeTakeFirst();
  return row ? toRole(row) : null;
}

/** Whitelists a role (also lifting a blacklist); answers false when it already was whitelisted. */
export async function whitelistRole(
  db: Db,
  serverId: string,
  roleId: string,
  addedBy: string | null,
  now: number,
): Promise<boolean> {
  const existing = await findRole(db, serverId, roleId);
  if (existing?.status === "whitelisted") return false;
  if (existing) {
    // Conditional on the status, so of two restores pressed together only one lifts the blacklist.
    const result = await db
      .updateTable("selfrole_roles")
      .set({ status: "whitelisted", reason: null, removed_from: "[]", added_by: addedBy, updated_at: now })
      .where("server_id", "=", serverId)
      .where("role_id", "=", roleId)
      .where("status", "=", "blacklisted")
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
  const inserted = await db
    .insertInto("selfrole_roles")
    .values({
      server_id: serverId,
      role_id: roleId,
      status: "whitelisted",
      reason: null,
      removed_from: "[]",
      added_by: addedBy,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(["server_id", "role_id"]).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/**
 * Blacklists a whitelisted role, noting the panels it was on. Only the caller that flips the status
 * gets true, so two role updates arriving together post one notice.
 */
export async function blacklistRole(
  db: Db,
  serverId: string,
  roleId: string,
  input: { reason: string; removedFrom: RemovedFrom[] },
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable("selfrole_roles")
    .set({
      status: "blacklisted",
      reason: input.reason,
      removed_from: JSON.stringify(input.removedFrom),
      updated_at: now,
    })
    .where("server_id", "=", serverId)
    .where("role_id", "=", roleId)
    .where("status", "=", "whitelisted")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function forgetRole(db: Db, serverId: string, roleId: string): Promise<boolean> {
  const result = await db
    .deleteFrom("selfrole_roles")
    .where("server_id", "=", serverId)
    .where("role_id", "=", roleId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
