import type { Db } from "../../db/schema.ts";
import type { InviteInfo } from "../../discord/port/port.ts";

export interface TrackingStatus {
  status: "active" | "unavailable";
  since: number | null;
  checkedAt: number;
}

export async function getTracking(db: Db, serverId: string): Promise<TrackingStatus | null> {
  const row = await db
    .selectFrom("invite_tracking")
    .selectAll()
    .where("server_id", "=", serverId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    status: row.status,
    since: row.since === null ? null : Number(row.since),
    checkedAt: Number(row.checked_at),
  };
}

/** Records whether the invites could be read; `since` is kept from the first time they could. */
export async function setTracking(
  db: Db,
  serverId: string,
  status: TrackingStatus["status"],
  now: number,
): Promise<void> {
  const current = await getTracking(db, serverId);
  const since = current?.since ?? (status === "active" ? now : null);
  await db
    .insertInto("invite_tracking")
    .values({ server_id: serverId, status, since, checked_at: now })
    .onConflict((oc) => oc.column("server_id").doUpdateSet({ status, since, checked_at: now }))
    .execute();
}

/** The server's invites as last seen. */
export async function listCodes(db: Db, serverId: string): Promise<InviteInfo[]> {
  const rows = await db.selectFrom("invite_codes").selectAll().where("server_id", "=", serverId).execute();
  return rows.map((row) => ({
    code: row.code,
    inviterId: row.inviter_id,
    uses: row.uses,
    maxUses: row.max_uses,
  }));
}

/**
 * Makes the stored list what Discord answered, touching only what changed (a busy server's list
 * can hold hundreds of invites, and every join reads it again).
 */
export async function replaceCodes(
  db: Db,
  serverId: string,
  invites: InviteInfo[],
  now: number,
): Promise<void> {
  const stored = new Map((await listCodes(db, serverId)).map((invite) => [invite.code, invite]));
  const current = new Set(invites.map((invite) => invite.code));
  const gone = [...stored.keys()].filter((code) => !current.has(code));
  for (let i = 0; i < gone.length; i += 100) {
    await db
      .deleteFrom("invite_codes")
      .where("server_id", "=", serverId)
      .where("code", "in", gone.slice(i, i + 100))
      .execute();
  }
  for (const invite of invites) {
    const before = stored.get(invite.code);
    const same =
      before &&
      before.uses === invite.uses &&
      before.maxUses === invite.maxUses &&
      before.inviterId === invite.inviterId;
    if (!same) await upsertCode(db, serverId, invite, now);
  }
}

export async function upsertCode(db: Db, serverId: string, invite: InviteInfo, now: number): Promise<void> {
  const values = {
    inviter_id: invite.inviterId,
    uses: invite.uses,
    max_uses: invite.maxUses,
    updated_at: now,
  };
  await db
    .insertInto("invite_codes")
    .values({ server_id: serverId, code: invite.code, ...values })
    .onConflict((oc) => oc.columns(["server_id", "code"]).doUpdateSet(values))
    .execute();
}

/** The member's latest join record. */
export async function findJoin(
  db: Db,
  serverId: string,
  userId: string,
): Promise<{ inviterId: string | null; leftAt: number | null } | null> {
  const row = await db
    .selectFrom("invite_joins")
    .select(["inviter_id", "left_at"])
    .where("server_id", "=", serverId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row
    ? { inviterId: row.inviter_id, leftAt: row.left_at === null ? null : Number(row.left_at) }
    : null;
}

export async function recordJoin(
  db: Db,
  join: { serverId: string; userId: string; inviterId: string | null; code: string | null; joinedAt: number },
): Promise<void> {
  const values = { inviter_id: join.inviterId, code: join.code, joined_at: join.joinedAt, left_at: null };
  await db
    .insertInto("invite_joins")
    .values({ server_id: join.serverId, user_id: join.userId, ...values })
    .onConflict((oc) => oc.columns(["server_id", "user_id"]).doUpdateSet(values))
    .execute();
}

export async function markLeft(db: Db, serverId: string, userId: string, now: number): Promise<void> {
  await db
    .updateTable("invite_joins")
    .set({ left_at: now })
    .where("server_id", "=", serverId)
    .where("user_id", "=", userId)
    .where("left_at", "is", null)
    .execute();
}

/** Members the inviter brought in who are still here (an inviter's own rejoin doesn't count). */
export async function countInvited(db: Db, serverId: string, inviterId: string): Promise<number> {
  const row = await db
    .selectFrom("invite_joins")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("server_id", "=", serverId)
    .where("inviter_id", "=", inviterId)
    .where("user_id", "!=", inviterId)
    .where("left_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** How many members a user has invited, as the invite tracker last counted; 0 when unknown. */
export async function getInvites(db: Db, serverId: string, userId: string): Promise<number> {
  const row = await db
    .selectFrom("giveaway_member_invites")
    .select("invites")
    .where("server_id", "=", serverId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row?.invites ?? 0;
}

/** Sets a member's invite count (the tracker recounts it on every join and leave). */
export async function setInvites(
  db: Db,
  serverId: string,
  userId: string,
  invites: number,
  now: number,
): Promise<void> {
  await db
    .insertInto("giveaway_member_invites")
    .values({ server_id: serverId, user_id: userId, invites, updated_at: now })
    .onConflict((oc) => oc.columns(["server_id", "user_id"]).doUpdateSet({ invites, updated_at: now }))
    .execute();
}
