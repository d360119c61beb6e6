import { type Kysely, type Selectable, sql } from "kysely";
import type { Database, Db } from "../../db/schema.ts";
import type { PerkTier, TierLimits } from "./rules.ts";

export interface PerkMember {
  serverId: string;
  userId: string;
  emojis: string[];
  channelId: string | null;
  channelMembers: string[];
  roleId: string | null;
  roleMembers: string[];
  expiredAt: number | null;
}

const parseIds = (json: string): string[] => {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
};

function toTier(row: Selectable<Database["perk_tiers"]>): PerkTier {
  return {
    id: row.id,
    serverId: row.server_id,
    name: row.name,
    roleId: row.role_id,
    emojis: row.emoji_limit,
    highlights: row.highlights === 1,
    channelMembers: row.channel_members,
    roleMembers: row.role_members,
    afk: row.afk === 1,
    responders: row.responder_limit,
  };
}

function toMember(row: Selectable<Database["perk_members"]>): PerkMember {
  return {
    serverId: row.server_id,
    userId: row.user_id,
    emojis: parseIds(row.emojis),
    channelId: row.channel_id,
    channelMembers: parseIds(row.channel_members),
    roleId: row.role_id,
    roleMembers: parseIds(row.role_members),
    expiredAt: row.expired_at === null ? null : Number(row.expired_at),
  };
}

const limitColumns = (limits: Partial<TierLimits>) => ({
  ...(limits.emojis !== undefined ? { emoji_limit: limits.emojis } : {}),
  ...(limits.highlights !== undefined ? { highlights: limits.highlights ? 1 : 0 } : {}),
  ...(limits.channelMembers !== undefined ? { channel_members: limits.channelMembers } : {}),
  ...(limits.roleMembers !== undefined ? { role_members: limits.roleMembers } : {}),
  ...(limits.afk !== undefined ? { afk: limits.afk ? 1 : 0 } : {}),
  ...(limits.responders !== undefined ? { responder_limit: limits.responders } : {}),
});

/** Whether a write broke a unique index (SQLite or PostgreSQL): a concurrent duplicate. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "SQLITE_CONSTRAINT_UNIQUE" || code === "23505";
}

export async function listTiers(db: Db, serverId: string): Promise<PerkTier[]> {
  const rows = await db
    .selectFrom("perk_tiers")
    .selectAll()
    .where("server_id", "=", serverId)
    .orderBy("id")
    .execute();
  return rows.map(toTier);
}

export async function findTierByName(db: Db, serverId: string, name: string): Promise<PerkTier | null> {
  const row = await db
    .selectFrom("perk_tiers")
    .selectAll()
    .where("server_id", "=", serverId)
    .where("name_key", "=", name.trim().toLowerCase())
    .executeTakeFirst();
  return row ? toTier(row) : null;
}

export async function insertTier(
  db: Db,
  input: { serverId: string; name: string; roleId: string } & TierLimits,
  now: number,
): Promise<PerkTier> {
  const row = await db
    .insertInto("perk_tiers")
    .values({
      server_id: input.serverId,
      name: input.name,
      name_key: input.name.toLowerCase(),
      role_id: input.roleId,
      emoji_limit: input.emojis,
      highlights: input.highlights ? 1 : 0,
      channel_members: input.channelMembers,
      role_members: input.roleMembers,
      afk: input.afk ? 1 : 0,
      responder_limit: input.responders,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toTier(row);
}

export async function updateTier(
  db: Db,
  id: number,
  changes: Partial<TierLimits> & { name?: string; roleId?: string },
  now: number,
): Promise<PerkTier> {
  const row = await db
    .updateTable("perk_tiers")
    .set({
      ...limitColumns(changes),
      ...(changes.name !== undefined ? { name: changes.name, name_key: changes.name.toLowerCase() } : {}),
      ...(changes.roleId !== undefined ? { role_id: changes.roleId } : {}),
      updated_at: now,
    })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toTier(row);
}

export async function deleteTier(db: Db, serverId: string, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom("perk_tiers")
    .where("server_id", "=", serverId)
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function getAutoCleanup(db: Db, serverId: string): Promise<boolean> {
  const row = await db
    .selectFrom("perk_settings")
    .select("auto_cleanup")
    .where("server_id", "=", serverId)
    .executeTakeFirst();
  return row?.auto_cleanup === 1;
}

export async function setAutoCleanup(db: Db, serverId: string, on: boolean, now: number): Promise<void> {
  await db
    .insertInto("perk_settings")
    .values({ server_id: serverId, auto_cleanup: on ? 1 : 0, updated_at: now })
    .onConflict((oc) => oc.column("server_id").doUpdateSet({ auto_cleanup: on ? 1 : 0, updated_at: now }))
    .execute();
}

export async function findMember(db: Db, serverId: string, userId: string): Promise<PerkMember | null> {
  const row = await db
    .selectFrom("perk_members")
    .selectAll()
    .where("server_id", "=", serverId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row ? toMember(row) : null;
}

export async function listMembers(db: Db, serverId: string): Promise<PerkMember[]> {
  const rows = await db
    .selectFrom("perk_members")
    .selectAll()
    .where("server_id", "=", serverId)
    .orderBy("user_id")
    .execute();
  return rows.map(toMember);
}

export type MemberChanges = Partial<Omit<PerkMember, "serverId" | "userId">>;

/** Creates the member's row or changes the given parts of it. */
export async function saveMember(
  db: Db,
  serverId: string,
  userId: string,
  changes: MemberChanges,
  now: number,
): Promise<PerkMember> {
  const columns = {
    ...(changes.emojis !== undefined ? { emojis: JSON.stringify(changes.emojis) } : {}),
    ...(changes.channelId !== undefined ? { channel_id: changes.channelId } : {}),
    ...(changes.channelMembers !== undefined
      ? { channel_members: JSON.stringify(changes.channelMembers) }
      : {}),
    ...(changes.roleId !== undefined ? { role_id: changes.roleId } : {}),
    ...(changes.roleMembers !== undefined ? { role_members: JSON.stringify(changes.roleMembers) } : {}),
    ...(changes.expiredAt !== undefined ? { expired_at: changes.expiredAt } : {}),
    updated_at: now,
  };
  const row = await db
    .insertInto("perk_members")
    .values({
      server_id: serverId,
      user_id: userId,
      emojis: "[]",
      channel_members: "[]",
      role_members: "[]",
      channel_id: null,
      role_id: null,
      expired_at: null,
      ...columns,
    })
    .onConflict((oc) => oc.columns(["server_id", "user_id"]).doUpdateSet(columns))
    .returningAll()
    .executeTakeFirstOrThrow();
  return toMember(row);
}

/** Forgets everything the member had: row, keywords, responders, AFK note and its mentions. */
export async function deleteMemberData(db: Kysely<Database>, serverId: string, userId: string) {
  await db.transaction().execute(async (trx) => {
    for (const table of [
      "perk_members",
      "perk_keywords",
      "perk_responders",
      "perk_afk",
      "perk_afk_mentions",
    ] as const) {
      await trx.deleteFrom(table).where("server_id", "=", serverId).where("user_id", "=", userId).execute();
    }
  });
}

/**
 * Forgets a deleted private channel or role on the row that still holds it (a conditional update,
 * so it can't revive a member's data removed meanwhile); the expired mark goes too when nothing is
 * left to clean up. Answers the owner's row after the change.
 */
export async function forgetAsset(
  db: Db,
  serverId: string,
  asset: { channelId: string } | { roleId: string },
  now: number,
): Promise<PerkMember | null> {
  const query = db.updateTable("perk_members").where("server_id", "=", serverId);
  const row = await ("channelId" in asset
    ? query
        .set({
          channel_id: null,
          channel_members: "[]",
          expired_at: sql<number | null>`case when role_id is null then null else expired_at end`,
          updated_at: now,
        })
        .where("channel_id", "=", asset.channelId)
    : query
        .set({
          role_id: null,
          role_members: "[]",
          expired_at: sql<number | null>`case when channel_id is null then null else expired_at end`,
          updated_at: now,
        })
        .where("role_id", "=", asset.roleId)
  )
    .returningAll()
    .executeTakeFirst();
  return row ? toMember(row) : null;
}
