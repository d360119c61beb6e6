import type { Bot } from "../../bot/bot.ts";
import type { AppContext } from "../../context.ts";
import { transactionForServer } from "../../db/locks.ts";
import type { InviteInfo, MemberInfo } from "../../discord/port/port.ts";
import * as inviteStore from "./store.ts";

/**
 * Invite tracking (giveaways' min_invites requirement reads it through service.ts). Each server's invites and their use counts are
 * kept in the database (so they survive restarts); when a member joins, the invites are read again
 * and compared: the invite whose uses went up by one was used, and its maker gains an invite. A
 * member's count is the members who joined through their invites and are still in the server.
 * Discord shows invites only to members with Manage Server: without it, tracking is 'unavailable'
 * and the requirement says so instead of refusing everyone in silence.
 */

type Deps = Pick<AppContext, "storage" | "discord" | "logger">;
const lockScope = "invites";

// One server's tracking work runs one step at a time in this process (a server's gateway events
// all reach the one process that runs its shard), so two joins never compare against the same list.
const queues = new Map<string, Promise<unknown>>();
function serially<T>(serverId: string, work: () => Promise<T>): Promise<T> {
  const previous = queues.get(serverId) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(work);
  queues.set(serverId, next);
  // Cleanup on either outcome; the failure itself is the caller's (through `next`). A bare
  // `.finally` here would re-reject unheard and end the process (the database dropping mid-join).
  const cleanup = () => {
    if (queues.get(serverId) === next) queues.delete(serverId);
  };
  next.then(cleanup, cleanup);
  return next;
}

async function readInvites(ctx: Deps, serverId: string): Promise<InviteInfo[] | null | "failed"> {
  try {
    return await ctx.discord.listInvites(serverId);
  } catch (error) {
    ctx.logger.warn({ err: error, serverId }, "could not read the server's invites");
    return "failed";
  }
}

/**
 * Which invite a join used: the one whose uses went up by exactly one while no other changed; or,
 * when none went up, the one that vanished one use short of its limit (used up, so Discord deleted
 * it). Null when it can't be told (several changed, or a vanity URL or widget join).
 */
export function attributeJoin(before: InviteInfo[], after: InviteInfo[]): InviteInfo | null {
  const seen = new Map(before.map((invite) => [invite.code, invite]));
  const now = new Map(after.map((invite) => [invite.code, invite]));
  const grown = after.filter((invite) => invite.uses > (seen.get(invite.code)?.uses ?? 0));
  if (grown.length > 1) return null;
  if (grown.length === 1) {
    const invite = grown[0] as InviteInfo;
    return invite.uses - (seen.get(invite.code)?.uses ?? 0) === 1 ? invite : null;
  }
  const usedUp = before.filter(
    (invite) => !now.has(invite.code) && invite.maxUses > 0 && invite.uses + 1 >= invite.maxUses,
  );
  return usedUp.length === 1 ? (usedUp[0] as InviteInfo) : null;
}

/** Reads the server's invites and keeps them (the bot joined or reconnected); says if tracking works. */
export function refreshInvites(ctx: Deps, serverId: string): Promise<inviteStore.TrackingStatus | null> {
  return serially(serverId, async () => {
    const invites = await readInvites(ctx, serverId);
    if (invites === "failed") return inviteStore.getTracking(ctx.storage.db, serverId);
    return transactionForServer(ctx.storage, serverId, lockScope, async (trx) => {
      const now = Date.now();
      if (invites === null) await inviteStore.setTracking(trx, serverId, "unavailable", now);
      else {
        await inviteStore.replaceCodes(trx, serverId, invites, now);
        await inviteStore.setTracking(trx, serverId, "active", now);
      }
      return inviteStore.getTracking(trx, serverId);
    });
  });
}

/** Recounts an inviter's members still here into the count the requirement reads. */
async function recount(
  db: Parameters<typeof inviteStore.countInvited>[0],
  serverId: string,
  inviterId: string,
  now: number,
) {
  await inviteStore.setInvites(
    db,
    serverId,
    inviterId,
    await inviteStore.countInvited(db, serverId, inviterId),
    now,
  );
}

/** A member joined: finds the invite they used and credits its maker. Answers the inviter, if known. */
export function trackJoin(ctx: Deps, member: MemberInfo): Promise<string | null> {
  if (member.user.bot) return Promise.resolve(null);
  const serverId = member.guildId;
  return serially(serverId, async () => {
    const invites = await readInvites(ctx, serverId);
    return transactionForServer(ctx.storage, serverId, lockScope, async (trx) => {
      const now = Date.now();
      const tracking = await inviteStore.getTracking(trx, serverId);
      let used: InviteInfo | null = null;
      if (Array.isArray(invites)) {
        // Compare only with a list that was current: after a gap the old counts mean nothing.
        if (tracking?.status === "active")
          used = attributeJoin(await inviteStore.listCodes(trx, serverId), invites);
        await inviteStore.replaceCodes(trx, serverId, invites, now);
        await inviteStore.setTracking(trx, serverId, "active", now);
      } else if (invites === null) {
        await inviteStore.setTracking(trx, serverId, "unavailable", now);
      }
      const previous = await inviteStore.findJoin(trx, serverId, member.user.id);
      const inviterId = used?.inviterId ?? null;
      await inviteStore.recordJoin(trx, {
        serverId,
        userId: member.user.id,
        inviterId,
        code: used?.code ?? null,
        joinedAt: now,
      });
      for (const id of new Set([inviterId, previous?.inviterId ?? null])) {
        if (id) await recount(trx, serverId, id, now);
      }
      return inviterId;
    });
  });
}

/** A member left: their inviter's count drops (it counts members still here). */
export function trackLeave(ctx: Deps, serverId: string, userId: string): Promise<void> {
  return serially(serverId, () =>
    transactionForServer(ctx.storage, serverId, lockScope, async (trx) => {
      const join = await inviteStore.findJoin(trx, serverId, userId);
      if (!join || join.leftAt !== null) return;
      const now = Date.now();
      await inviteStore.markLeft(trx, serverId, userId, now);
      if (join.inviterId) await recount(trx, serverId, join.inviterId, now);
    }),
  );
}

/** A new invite starts at its current uses, so its first use is told apart from the others. */
function trackInviteCreate(ctx: Deps, serverId: string, invite: InviteInfo): Promise<void> {
  return serially(serverId, async () => {
    const tracking = await inviteStore.getTracking(ctx.storage.db, serverId);
    if (tracking?.status === "active")
      await inviteStore.upsertCode(ctx.storage.db, serverId, invite, Date.now());
  });
}

/**
 * The tracker's gateway listeners. An invite's deletion is not acted on: a used-up invite is
 * deleted as its last member joins, and the join's comparison still needs its old count (the next
 * comparison drops it from the list).
 */
export function listenForInvites(bot: Bot, ctx: Deps): () => void {
  const warn = (what: string) => (error: unknown) =>
    ctx.logger.warn({ err: error }, `invite tracking: ${what} failed`);
  const off = [
    bot.events.on("guildCreate", (guild) => refreshInvites(ctx, guild.id).catch(warn("reading invites"))),
    bot.events.on("memberAdd", (member) => trackJoin(ctx, member).catch(warn("a join"))),
    bot.events.on("memberRemove", ({ guildId, user }) =>
      trackLeave(ctx, guildId, user.id).catch(warn("a leave")),
    ),
    bot.events.on("inviteCreate", ({ guildId, invite }) =>
      trackInviteCreate(ctx, guildId, invite).catch(warn("a new invite")),
    ),
  ];
  return () => {
    for (const stop of off) stop();
  };
}
