import type { GiveawayDetail } from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { transactionForServer } from "../../db/locks.ts";
import { DiscordError } from "../../discord/port/port.ts";
import { conflict } from "../../lib/errors.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";
import { endJobKey, endJobKind } from "./create.ts";
import { activeMessage } from "./messages.ts";
import { getGiveawayDetail, giveawayListsChanged, giveawayNotFound } from "./queries.ts";
import { reminderJobKey, reminderTime, scheduleReminder } from "./reminder.ts";
import * as store from "./store.ts";

/**
 * Pause and resume: while paused, entries are refused and the end doesn't come (its job is taken
 * out; an end job that runs anyway finds the giveaway paused and waits); resuming moves the end by
 * the time it was paused and schedules it again, in the resume's transaction.
 */

type Deps = Pick<AppContext, "storage" | "discord" | "jobs" | "logger" | "config">;
const gate = (messageId: string) => `giveaway:${messageId}`;

async function showState(ctx: Deps, giveaway: store.Giveaway, paused: boolean): Promise<void> {
  const message = activeMessage(giveaway);
  const embed = message.embeds?.[0];
  try {
    await ctx.discord.editMessage(giveaway.channelId, giveaway.messageId, {
      ...message,
      embeds: embed
        ? [
            {
              ...embed,
              description: paused
                ? `⏸️ **Paused**: entries are closed until it resumes; the end moves by the pause.\n\n${embed.description ?? ""}`
                : embed.description,
              footer: { text: paused ? "Paused" : "Press Enter to join" },
            },
          ]
        : [],
      components: paused
        ? [
            [
              {
                type: "button",
                style: "secondary",
                label: "Paused",
                emoji: "⏸️",
                customId: "giveaway:enter",
                disabled: true,
              },
            ],
          ]
        : message.components,
    });
  } catch (error) {
    // The giveaway's state is stored either way; a deleted message or a Discord failure costs the view.
    if (!(error instanceof DiscordError)) throw error;
    ctx.logger.warn({ err: error, messageId: giveaway.messageId }, "could not show a giveaway's pause");
  }
}

/** The running giveaway, locked for the change (404 when unknown, 409 once it has ended). */
async function lockRunning(
  ctx: Deps,
  trx: Parameters<typeof store.findGiveaway>[0],
  serverId: string,
  messageId: string,
) {
  const found = await store.findGiveaway(trx, serverId, messageId, {
    dialect: ctx.storage.dialect,
    lock: "update",
  });
  if (!found) throw giveawayNotFound();
  if (found.status !== "active") throw conflict("This giveaway has ended");
  return found;
}

export async function pauseGiveaway(
  ctx: Deps,
  serverId: string,
  messageId: string,
  actor: AuditActor,
): Promise<GiveawayDetail> {
  const now = Date.now();
  const giveaway = await transactionForServer(ctx.storage, serverId, gate(messageId), async (trx) => {
    const found = await lockRunning(ctx, trx, serverId, messageId);
    if (found.pausedAt !== null) throw conflict("This giveaway is paused already");
    await store.setPaused(trx, found.id, now);
    await recordAudit(trx, serverId, actor, "giveaway.pause", { messageId, prize: found.prize });
    return found;
  });
  await ctx.jobs.cancel(endJobKey(messageId));
  // The reminder waits too (a job that runs anyway finds the giveaway paused); resuming moves it.
  const remindAt = reminderTime(giveaway);
  if (remindAt !== null) await ctx.jobs.cancel(reminderJobKey(messageId, remindAt));
  giveawayListsChanged();
  await showState(ctx, giveaway, true);
  return getGiveawayDetail(ctx, serverId, messageId);
}

export async function resumeGiveaway(
  ctx: Deps,
  serverId: string,
  messageId: string,
  actor: AuditActor,
): Promise<GiveawayDetail> {
  const now = Date.now();
  const resumed = await transactionForServer(ctx.storage, serverId, gate(messageId), async (trx) => {
    const found = await lockRunning(ctx, trx, serverId, messageId);
    if (found.pausedAt === null) throw conflict("This giveaway isn't paused");
    const endTime = found.endTime + (now - found.pausedAt);
    await store.setResumed(trx, found.id, endTime);
    await ctx.jobs.schedule(endJobKind, { serverId, giveawayId: messageId }, endTime, {
      dedupeKey: endJobKey(messageId),
      maxAttempts: 10,
      within: trx,
    });
    const remindAt = reminderTime({ ...found, endTime });
    if (remindAt !== null) await scheduleReminder(ctx, trx, serverId, messageId, remindAt);
    await recordAudit(trx, serverId, actor, "giveaway.resume", {
      messageId,
      prize: found.prize,
      pausedFor: now - found.pausedAt,
      endTime,
    });
    return { ...found, endTime, pausedAt: null };
  });
  giveawayListsChanged();
  await showState(ctx, resumed, false);
  return getGiveawayDetail(ctx, serverId, messageId);
}
