import type { AppContext } from "../../context.ts";
import { lockForServer } from "../../db/locks.ts";
import { DiscordError } from "../../discord/port/port.ts";
import { giveRoleSafely } from "../audit/service.ts";
import { monthOf, monthRange } from "./stats.ts";
import {
  archiveMonthOf,
  deleteReward,
  expiringRewardHolders,
  findReward,
  monthVoters,
  saveReward,
  type VoteRewardRow,
  type VoteSettingsRow,
  voterLock,
} from "./store.ts";

type Deps = Pick<AppContext, "storage" | "discord" | "jobs" | "logger">;

export const rewardExpireJob = "votes.reward-expire";
export const monthlyResetJob = "votes.monthly-reset";
const hourMs = 3_600_000;
/** Voters archived in one transaction: PostgreSQL holds a lock per voter until it commits. */
const resetChunk = 500;

const expireKey = (serverId: string, userId: string) => `${rewardExpireJob}:${serverId}:${userId}`;

export type GrantOutcome = "granted" | "extended" | "already-has-role" | "not-a-member" | "failed";

/**
 * Gives the voter the reward role, or extends the reward Hearth already gave (a new vote counts from
 * its own time; permanent stays permanent). A member who holds the role without Hearth having given
 * it is left alone, so a role given by hand is never taken away by an expiry.
 */
export async function grantReward(
  deps: Deps,
  settings: VoteSettingsRow,
  userId: string,
  at: number,
): Promise<GrantOutcome> {
  const roleId = settings.reward_role_id;
  if (!roleId) return "failed";
  const serverId = settings.server_id;
  const member = await deps.discord.getMember(serverId, userId);
  if (!member) return "not-a-member";
  const existing = await findReward(deps.storage.db, serverId, userId);
  const ours = existing?.role_id === roleId;
  if (!ours && member.roleIds.includes(roleId)) return "already-has-role";
  if (existing && !ours) await takeBackReward(deps, existing, "Vote reward role changed");
  if (!member.roleIds.includes(roleId)) {
    try {
      const given = await giveRoleSafely(deps, serverId, {
        feature: "votes",
        userId,
        roleId,
        reason: "Vote reward",
      });
      if (!given.safe) return "failed";
    } catch (error) {
      if (!(error instanceof DiscordError)) throw error;
      deps.logger.warn({ err: error, serverId, userId, roleId }, "votes: could not give the reward role");
      return "failed";
    }
  }
  const until = settings.reward_hours === 0 ? null : at + settings.reward_hours * hourMs;
  const expiresAt =
    ours && existing
      ? existing.expires_at === null || until === null
        ? null
        : Math.max(Number(existing.expires_at), until)
      : until;
  await saveReward(deps.storage.db, {
    server_id: serverId,
    user_id: userId,
    role_id: roleId,
    expires_at: expiresAt,
    granted_at: ours && existing ? Number(existing.granted_at) : at,
  });
  // An earlier pending expiry keeps its key; when it runs it sees the later time and moves itself.
  if (expiresAt !== null) {
    await deps.jobs.schedule(rewardExpireJob, { serverId, userId }, expiresAt, {
      dedupeKey: expireKey(serverId, userId),
    });
  }
  return ours ? "extended" : "granted";
}

/** Takes the reward role off and forgets the reward; a member or role already gone is fine. */
export async function takeBackReward(deps: Deps, reward: VoteRewardRow, reason: string): Promise<void> {
  try {
    await deps.discord.removeMemberRole(reward.server_id, reward.user_id, reward.role_id, reason);
  } catch (error) {
    if (!(error instanceof DiscordError)) throw error;
    if (error.code !== "unknown_member" && error.code !== "unknown_role") {
      deps.logger.warn({ err: error, serverId: reward.server_id }, "votes: could not remove the reward role");
    }
  }
  await deleteReward(deps.storage.db, reward.server_id, reward.user_id);
  await deps.jobs.cancel(expireKey(reward.server_id, reward.user_id));
}

/** The expiry job: removes the role when its time has come, or moves the job to the extended time. */
export async function expireReward(
  deps: Deps,
  serverId: string,
  userId: string,
  now = Date.now(),
): Promise<"removed" | "moved" | "none"> {
  const reward = await findReward(deps.storage.db, serverId, userId);
  if (!reward || reward.expires_at === null) return "none";
  const expiresAt = Number(reward.expires_at);
  if (expiresAt > now) {
    await deps.jobs.schedule(rewardExpireJob, { serverId, userId }, expiresAt, {
      dedupeKey: expireKey(serverId, userId),
    });
    return "moved";
  }
  try {
    await deps.discord.removeMemberRole(serverId, userId, reward.role_id, "Vote reward expired");
  } catch (error) {
    if (!(error instanceof DiscordError)) throw error;
    deps.logger.warn({ err: error, serverId, userId }, "votes: could not remove an expired reward role");
  }
  await deleteReward(deps.storage.db, serverId, userId);
  return "removed";
}

/** Takes back every expiring reward role of the server now (a purge is about to delete the records). */
export async function expireAllRewards(deps: Deps, serverId: string): Promise<number> {
  let removed = 0;
  for (const userId of await expiringRewardHolders(deps.storage.db, serverId)) {
    if ((await expireReward(deps, serverId, userId, Number.POSITIVE_INFINITY)) === "removed") removed++;
  }
  return removed;
}

/** Schedules the archive of the month `now` falls in, at 00:00 UTC on the 1st of the next. */
export async function scheduleMonthlyReset(deps: Pick<AppContext, "jobs">, now: number): Promise<void> {
  const month = monthOf(now);
  await deps.jobs.schedule(monthlyResetJob, { month }, monthRange(month)[1], {
    dedupeKey: `${monthlyResetJob}:${month}`,
  });
}

/**
 * The monthly job: archives `month` for every server, zeroes monthly counts, schedules the next.
 * Each group of voters is archived and zeroed in one transaction holding their voters' locks (the
 * ones their votes take, taken the same way, so in the same order): a vote of theirs lands wholly
 * before (archived, then zeroed) or wholly after (counted in the new month's row), never between,
 * where the zeroing would erase a vote the archive never saw. A member with no stats on the month and
 * no vote in it whose vote of that month arrives during the reset is a late vote, as any arriving after.
 */
export async function runMonthlyReset(deps: Deps, month: string): Promise<number> {
  const end = monthRange(month)[1];
  const nextMonth = monthOf(end);
  let archived = 0;
  for (const [serverId, userIds] of await monthVoters(deps.storage.db, month)) {
    for (let from = 0; from < userIds.length; from += resetChunk) {
      const chunk = userIds.slice(from, from + resetChunk);
      archived += await deps.storage.db.transaction().execute(async (trx) => {
        await lockForServer(
          deps.storage,
          trx,
          chunk.map((userId) => voterLock(serverId, userId)),
        );
        return archiveMonthOf(trx, serverId, chunk, month, nextMonth);
      });
    }
  }
  await scheduleMonthlyReset(deps, end);
  return archived;
}
