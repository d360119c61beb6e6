import { randomBytes } from "node:crypto";
import { type VoteStats, voteLimits } from "@hearth/core";
import { siteUrl } from "../../config.ts";
import type { AppContext } from "../../context.ts";
import { transactionForServer } from "../../db/locks.ts";
import { requireRole, requireTextChannel } from "../../discord/port/validate.ts";
import { requireSafeRole } from "../../discord/roles/role-safety.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";
import { countVote } from "../insights/service.ts";
import { type VoteDesign, voteDesignProblems } from "../message-designer/service.ts";
import { type IncomingVote, votesCommit } from "./batch.ts";
import { scheduleMonthlyReset, takeBackReward } from "./rewards.ts";
import { monthlyAt, monthOf, streakAt } from "./stats.ts";
import {
  deleteVoter,
  findReward,
  findSettings,
  findStats,
  type LeaderboardKind,
  type LeaderboardRow,
  leaderboard,
  rankOf,
  saveSettings,
  type VoteSettingsRow,
  voterLock,
} from "./store.ts";

type Deps = Pick<AppContext, "storage" | "discord" | "jobs" | "config" | "logger">;

export interface VoteSetupInput {
  channelId?: string | null;
  rewardRoleId?: string | null;
  /** 0 = permanent, 1 to 168. */
  rewardHours?: number;
  leaderboards?: boolean;
  /** The notification's design from the AI message designer; null goes back to the default message. */
  design?: VoteDesign | null;
}

export interface VoteSetup {
  settings: VoteSettingsRow;
  webhookUrl: string;
  created: boolean;
}

export function webhookUrl(config: AppContext["config"], webhookId: string): string {
  return siteUrl(config, `/api/votes/${webhookId}`);
}

/** The reward role rules (spec §5): a plain role of the server, safe to give away, below the bot. */
export async function checkRewardRole(
  deps: Pick<AppContext, "discord">,
  serverId: string,
  roleId: string,
  actorId: string | null = null,
) {
  if (roleId === serverId) {
    throw badRequest(
      "reward_role: @everyone can't be a reward role: every member already has it",
      "reward_role",
    );
  }
  await requireRole(deps, serverId, roleId, "reward_role");
  // Reward roles are given automatically to anyone who votes: the role-safety rule applies.
  return requireSafeRole(deps, serverId, roleId, "reward_role", { actorId });
}

/**
 * Checks setup options before anything is saved or asked (spec §5): hours 0 (permanent) or 1-168,
 * a text channel of the server, a reward role Hearth can give, a design that passes validation.
 */
export async function checkVoteSetup(
  deps: Pick<AppContext, "discord">,
  serverId: string,
  input: VoteSetupInput,
  actorId: string | null = null,
): Promise<void> {
  const hours = input.rewardHours;
  if (hours !== undefined && (!Number.isInteger(hours) || hours < 0 || hours > voteLimits.rewardHoursMax)) {
    throw badRequest(
      "reward_hours: give a whole number of hours from 1 to 168, or 0 for a permanent reward",
      "reward_hours",
    );
  }
  if (input.channelId) await requireTextChannel(deps, serverId, input.channelId, "channel");
  if (input.rewardRoleId) await checkRewardRole(deps, serverId, input.rewardRoleId, actorId);
  const problems = input.design ? voteDesignProblems(input.design) : [];
  if (problems.length > 0) throw badRequest(`design: ${problems.join("; ")}`, "design");
}

/** Creates or updates the server's vote tracking; the webhook id and secret are made once and kept. */
export async function configureVotes(
  deps: Deps,
  serverId: string,
  actor: AuditActor,
  input: VoteSetupInput,
  now = Date.now(),
): Promise<VoteSetup> {
  const hours = input.rewardHours;
  await checkVoteSetup(deps, serverId, input, actor.userId);

  const result = await transactionForServer(deps.storage, serverId, "votes", async (trx) => {
    const existing = await findSettings(trx, serverId);
    const settings: VoteSettingsRow = {
      server_id: serverId,
      webhook_id: existing?.webhook_id ?? randomBytes(24).toString("base64url"),
      secret: existing?.secret ?? randomBytes(24).toString("base64url"),
      signing_secret: existing?.signing_secret ?? null,
      channel_id: input.channelId !== undefined ? input.channelId : (existing?.channel_id ?? null),
      reward_role_id:
        input.rewardRoleId !== undefined ? input.rewardRoleId : (existing?.reward_role_id ?? null),
      reward_hours: hours ?? existing?.reward_hours ?? 24,
      leaderboards_enabled:
        input.leaderboards !== undefined ? Number(input.leaderboards) : (existing?.leaderboards_enabled ?? 1),
      message: existing?.message ?? null,
      design:
        input.design !== undefined
          ? input.design && JSON.stringify(input.design)
          : (existing?.design ?? null),
      created_at: existing?.created_at ?? now,
      updated_at: now,
    };
    await saveSettings(trx, settings);
    await recordAudit(trx, serverId, actor, "votes.setup", {
      channelId: settings.channel_id,
      rewardRoleId: settings.reward_role_id,
      rewardHours: settings.reward_hours,
      leaderboards: settings.leaderboards_enabled === 1,
      ...(input.design !== undefined ? { design: input.design ? "ai-designer" : "default" } : {}),
    });
    return { settings, created: !existing };
  });
  await scheduleMonthlyReset(deps, now);
  return { ...result, webhookUrl: webhookUrl(deps.config, result.settings.webhook_id) };
}

/**
 * Stores a vote and updates the voter's stats in one transaction, once: a repeated vote id (or an
 * id-less vote of the same member and platform within 11 h) changes nothing. The role and the
 * notification follow in a durable job so the webhook can answer at once. Votes arriving together
 * share one transaction (group commit), each answered once it is committed.
 */
export async function recordVote(
  deps: Deps,
  serverId: string,
  vote: IncomingVote,
): Promise<{ counted: boolean; voteRowId: number | null }> {
  const id = await votesCommit.submit(deps.storage, { deps, serverId, vote });
  if (id !== null) countVote(deps, serverId);
  return { counted: id !== null, voteRowId: id };
}

/** A member's stats as of `now`, with their all-time rank. */
export async function getVoterStats(
  deps: Pick<AppContext, "storage">,
  serverId: string,
  userId: string,
  now = Date.now(),
): Promise<VoteStats> {
  const stats = await findStats(deps.storage.db, serverId, userId);
  const rank = stats ? await rankOf(deps.storage.db, serverId, "all-time", monthOf(now), userId) : null;
  return {
    userId,
    totalVotes: stats?.totalVotes ?? 0,
    monthlyVotes: stats ? monthlyAt(stats, now) : 0,
    currentStreak: stats ? streakAt(stats, now) : 0,
    longestStreak: stats?.longestStreak ?? 0,
    lastVoteAt: stats?.lastVoteAt ?? null,
    rank: rank?.rank ?? null,
  };
}

export interface Leaderboard {
  kind: LeaderboardKind;
  month: string;
  rows: (LeaderboardRow & { rank: number })[];
  /** The caller's own line when they are on the board but below the rows shown. */
  caller: (LeaderboardRow & { rank: number }) | null;
}

/** Top 15, ties broken by the earliest last vote, plus the caller's position when further down. */
export async function getLeaderboard(
  deps: Pick<AppContext, "storage">,
  serverId: string,
  kind: LeaderboardKind,
  callerId: string,
  now = Date.now(),
): Promise<Leaderboard> {
  const settings = await findSettings(deps.storage.db, serverId);
  if (!settings)
    throw badRequest("Vote tracking isn't set up here yet; an admin can run `/votetracker admin setup`.");
  if (settings.leaderboards_enabled !== 1) throw badRequest("Leaderboards are turned off on this server.");
  const month = monthOf(now);
  const top = await leaderboard(deps.storage.db, serverId, kind, month, voteLimits.leaderboardSize);
  const rows = top.map((row, index) => ({ ...row, rank: index + 1 }));
  const shown = rows.some((row) => row.userId === callerId);
  const caller = shown ? null : await rankOf(deps.storage.db, serverId, kind, month, callerId);
  return { kind, month, rows, caller };
}

/** Deletes a member's vote history, stats and archive lines, and takes back a reward role Hearth gave. */
export async function deleteVoterData(
  deps: Deps,
  serverId: string,
  actor: AuditActor,
  userId: string,
): Promise<{ votes: number }> {
  const [stats, reward] = await Promise.all([
    findStats(deps.storage.db, serverId, userId),
    findReward(deps.storage.db, serverId, userId),
  ]);
  if (!stats && !reward) throw notFound(`<@${userId}> has no vote history in this server.`);
  if (reward) await takeBackReward(deps, reward, "Vote data deleted");
  const { scope } = voterLock(serverId, userId);
  const votes = await transactionForServer(deps.storage, serverId, scope, async (trx) => {
    const deleted = await deleteVoter(trx, serverId, userId);
    await recordAudit(trx, serverId, actor, "votes.deleteuser", { userId, votes: deleted });
    return deleted;
  });
  return { votes };
}
