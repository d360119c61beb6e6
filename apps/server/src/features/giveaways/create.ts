import { type GiveawayDetail, type GiveawaySettings, giveawayLimits, serverCaps } from "@hearth/core";
import type { Transaction } from "kysely";
import type { AppContext } from "../../context.ts";
import { transactionForServer } from "../../db/locks.ts";
import type { Database } from "../../db/schema.ts";
import { requireMember, requireRole, requireTextChannel } from "../../discord/port/validate.ts";
import { checkCap } from "../../lib/caps.ts";
import { AppError, badRequest } from "../../lib/errors.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";
import { eventsPingRole, withPing } from "../events-ping/service.ts";
import { requireGiveawayRoles, roleRefs } from "./config.ts";
import { activeMessage, type GiveawayView } from "./messages.ts";
import { getGiveawayDetail, giveawayListsChanged } from "./queries.ts";
import { scheduleReminder } from "./reminder.ts";
import * as scheduleStore from "./schedule-store.ts";
import * as store from "./store.ts";

/** Posting a giveaway: the checks of its settings, the message, the row and its end job. */

type Deps = Pick<AppContext, "storage" | "discord" | "jobs" | "logger" | "config">;
type Trx = Transaction<Database>;

export const endJobKind = "giveaway.end";
export const endJobKey = (messageId: string) => `giveaway-end:${messageId}`;

const noRequirements = { minAccountAge: 0, minMemberAge: 0, minInvites: 0, requiredRoles: [] as string[] };

/**
 * Running giveaways plus the scheduled starts and recurring series waiting to post: what the
 * running-giveaway cap counts.
 */
export async function countTowardCap(db: Trx | AppContext["storage"]["db"], serverId: string) {
  return (await store.countByStatus(db, serverId)).active + (await scheduleStore.countPending(db, serverId));
}

/** Every id in the settings names something of this server; 400 naming the field otherwise. */
export async function checkSettings(ctx: Deps, serverId: string, settings: Partial<GiveawaySettings>) {
  if (settings.channelId) await requireTextChannel(ctx, serverId, settings.channelId, "channelId");
  if (settings.winnersChannelId) {
    await requireTextChannel(ctx, serverId, settings.winnersChannelId, "winnersChannelId");
  }
  if (settings.requirements) {
    await requireGiveawayRoles(
      ctx,
      serverId,
      roleRefs("requirements.requiredRoles", settings.requirements.requiredRoles),
    );
  }
  if (settings.donorId) await requireMember(ctx, serverId, settings.donorId, "donorId");
  if (settings.hostId) await requireMember(ctx, serverId, settings.hostId, "hostId");
  checkReminderFits(settings.reminderBefore, settings.duration);
  if (settings.pingRoleId) {
    if (settings.pingRoleId === serverId) {
      throw badRequest("pingRoleId: @everyone can't be a giveaway's ping role", "pingRoleId");
    }
    await requireRole(ctx, serverId, settings.pingRoleId, "pingRoleId");
  }
}

/** A "last chance" reminder comes before the end: shorter than the run (seconds both); 400 otherwise. */
export function checkReminderFits(reminderBefore: number | undefined, runSeconds: number | undefined): void {
  if (reminderBefore !== undefined && runSeconds !== undefined && reminderBefore >= runSeconds) {
    throw badRequest("reminderBefore: must be shorter than the giveaway's duration", "reminderBefore");
  }
}

/** The role a giveaway with these settings pings: the chosen one, none (null), or the events ping role. */
export async function pingRoleFor(
  ctx: Pick<AppContext, "storage" | "logger">,
  serverId: string,
  settings: Pick<GiveawaySettings, "pingRoleId">,
) {
  if (settings.pingRoleId !== undefined) return settings.pingRoleId;
  return eventsPingRole(ctx, serverId);
}

export const viewOf = (settings: GiveawaySettings, hostId: string, endTime: number): GiveawayView => ({
  prize: settings.prize,
  description: settings.description || null,
  winnerCount: settings.winnerCount,
  hostId,
  donorId: settings.donorId ?? null,
  endTime,
  ...(settings.requirements ?? noRequirements),
});

/** The end time of a run starting `start` with these settings, within a giveaway's bounds. */
export function checkEndTime(endTime: number, start: number): number {
  if (endTime < start + giveawayLimits.minDurationSeconds * 1000) {
    throw badRequest("endTime: must be at least a minute in the future", "endTime");
  }
  if (endTime > start + giveawayLimits.maxDurationSeconds * 1000) {
    throw badRequest("endTime: must be at most 90 days away", "endTime");
  }
  return endTime;
}

export interface PostOptions {
  /** The schedule run this post is (a scheduled start or a series' run). */
  run?: { scheduleId: number; number: number; onStored: (trx: Trx, messageId: string) => Promise<void> };
  /**
   * The post's nonce: a retried run sends the same one, so Discord answers with the message the
   * first attempt made if that attempt died after posting (within Discord's nonce window).
   */
  nonce?: string;
  /** Counted toward the cap (a series' run adds one; a one-off start already holds its place). */
  checkCap: boolean;
}

/**
 * Posts the giveaway with its Enter button (pinging its role), stores it and schedules its end in
 * the same transaction. A refused store deletes the post again, unless it is the message an earlier
 * attempt of the same run stored (a retried run gets that message back through its nonce).
 */
export async function postGiveaway(
  ctx: Deps,
  serverId: string,
  actor: AuditActor & { userId: string },
  settings: GiveawaySettings & { endTime: number },
  options: PostOptions,
): Promise<GiveawayDetail> {
  const now = Date.now();
  if (options.checkCap) checkCap(serverCaps.giveaways, await countTowardCap(ctx.storage.db, serverId));
  const guild = await ctx.discord.getGuild(serverId);
  const hostId = settings.hostId ?? actor.userId;
  const pingRoleId = await pingRoleFor(ctx, serverId, settings);
  const requirements = settings.requirements ?? noRequirements;
  const message = withPing(activeMessage(viewOf(settings, hostId, settings.endTime)), pingRoleId);
  const sent = await ctx.discord.sendMessage(settings.channelId, {
    ...message,
    ...(options.nonce ? { nonce: options.nonce } : {}),
  });
  let stored = false;
  try {
    await transactionForServer(ctx.storage, serverId, "giveaways", async (trx) => {
      if (options.checkCap) checkCap(serverCaps.giveaways, await countTowardCap(trx, serverId));
      const giveaway = await store.insertGiveaway(trx, {
        server_id: serverId,
        channel_id: settings.channelId,
        message_id: sent.id,
        guild_name: guild?.name ?? "Unknown Server",
        prize: settings.prize,
        description: settings.description || null,
        winner_count: settings.winnerCount,
        host_id: hostId,
        donor_id: settings.donorId ?? null,
        min_account_age: requirements.minAccountAge,
        min_member_age: requirements.minMemberAge,
        min_invites: requirements.minInvites,
        required_roles: JSON.stringify(requirements.requiredRoles),
        status: "active",
        end_time: settings.endTime,
        ended_at: null,
        created_at: now,
        schedule_id: options.run?.scheduleId ?? null,
        run_number: options.run?.number ?? null,
        ping_role_id: pingRoleId,
        winners_channel_id: settings.winnersChannelId ?? null,
        dm_winners: settings.dmWinners ? 1 : 0,
        claim_window_ms: settings.claimWindow !== undefined ? settings.claimWindow * 1000 : null,
        end_after_entries: settings.maxEntries ?? null,
        reminder_before_ms: settings.reminderBefore !== undefined ? settings.reminderBefore * 1000 : null,
        reminded_at: null,
        paused_at: null,
      });
      await ctx.jobs.schedule(endJobKind, { serverId, giveawayId: sent.id }, settings.endTime, {
        dedupeKey: endJobKey(sent.id),
        maxAttempts: 10,
        within: trx,
      });
      if (settings.reminderBefore !== undefined) {
        await scheduleReminder(
          ctx,
          trx,
          serverId,
          sent.id,
          settings.endTime - settings.reminderBefore * 1000,
        );
      }
      if (options.run) await options.run.onStored(trx, sent.id);
      await recordAudit(trx, serverId, actor, "giveaway.create", {
        messageId: giveaway.messageId,
        channelId: giveaway.channelId,
        prize: giveaway.prize,
        winnerCount: giveaway.winnerCount,
        endTime: settings.endTime,
        pingRoleId,
        ...(settings.claimWindow !== undefined ? { claimWindow: settings.claimWindow } : {}),
        ...(settings.maxEntries !== undefined ? { maxEntries: settings.maxEntries } : {}),
        ...(settings.reminderBefore !== undefined ? { reminderBefore: settings.reminderBefore } : {}),
        ...(options.run ? { scheduleId: options.run.scheduleId, run: options.run.number } : {}),
      });
      stored = true;
    });
  } catch (error) {
    const keptByEarlierAttempt =
      !stored && (await store.findGiveaway(ctx.storage.db, serverId, sent.id).catch(() => null)) !== null;
    // A run with a nonce keeps its post when the store failed for a reason a retry may get past
    // (the database dropped): the retried job gets this message back through the nonce.
    const retried = options.nonce !== undefined && !(error instanceof AppError);
    if (!keptByEarlierAttempt && !retried) {
      await ctx.discord.deleteMessage(settings.channelId, sent.id).catch(() => undefined);
    }
    throw error;
  }
  giveawayListsChanged();
  return getGiveawayDetail(ctx, serverId, sent.id);
}
