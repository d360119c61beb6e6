import type { Insertable, Selectable } from "kysely";
import type { Database, Db } from "../../db/schema.ts";
import { premiumOf } from "../settings/service.ts";

export type DiscoveryRow = Selectable<Database["discovery_entries"]>;

export interface EntryContent {
  invite: string;
  description: string;
  tags: string[];
}

export const tagsOf = (row: Pick<DiscoveryRow, "tags">): string[] => JSON.parse(row.tags) as string[];

export async function getEntry(db: Db, serverId: string): Promise<DiscoveryRow | undefined> {
  return db.selectFrom("discovery_entries").selectAll().where("server_id", "=", serverId).executeTakeFirst();
}

export async function insertEntry(
  db: Db,
  row: Insertable<Database["discovery_entries"]>,
): Promise<DiscoveryRow> {
  return db.insertInto("discovery_entries").values(row).returningAll().executeTakeFirstOrThrow();
}

export async function updateContent(
  db: Db,
  serverId: string,
  content: EntryContent,
  now: number,
): Promise<DiscoveryRow> {
  return db
    .updateTable("discovery_entries")
    .set({
      invite: content.invite,
      description: content.description,
      tags: JSON.stringify(content.tags),
      updated_at: now,
    })
    .where("server_id", "=", serverId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function setPublic(
  db: Db,
  serverId: string,
  isPublic: boolean,
  now: number,
): Promise<DiscoveryRow> {
  return db
    .updateTable("discovery_entries")
    .set({ is_public: isPublic ? 1 : 0, updated_at: now })
    .where("server_id", "=", serverId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Staff only (no API): pins a server in the directory's featured group. */
export async function setAdvertised(db: Db, serverId: string, advertised: boolean): Promise<void> {
  await db
    .updateTable("discovery_entries")
    .set({ advertised: advertised ? 1 : 0 })
    .where("server_id", "=", serverId)
    .execute();
}

export async function deleteEntry(db: Db, serverId: string): Promise<void> {
  await db.deleteFrom("discovery_entries").where("server_id", "=", serverId).execute();
}

/**
 * Public entries with whether their server has premium (its settings' `pro.status`, kept by the
 * settings feature; no settings row means no premium). The directory orders by premium, so it comes
 * in this same query, as a column settings' service builds over its own table.
 */
export async function listPublicEntries(db: Db): Promise<(DiscoveryRow & { premium: boolean })[]> {
  const rows = await db
    .selectFrom("discovery_entries as d")
    .selectAll("d")
    .select((eb) => premiumOf(db, eb.ref("d.server_id")).as("pro_status"))
    .where("d.is_public", "=", 1)
    .orderBy("d.server_id")
    .execute();
  return rows.map(({ pro_status, ...row }) => ({ ...row, premium: pro_status === 1 }));
}

/** The invites of these servers' public entries (private ones and servers without one left out), by id. */
export async function publicInvites(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  const invites = new Map<string, string>();
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += 500) {
    const rows = await db
      .selectFrom("discovery_entries")
      .select(["server_id", "invite"])
      .where("server_id", "in", unique.slice(i, i + 500))
      .where("is_public", "=", 1)
      .execute();
    for (const row of rows) invites.set(row.server_id, row.invite);
  }
  return invites;
}
