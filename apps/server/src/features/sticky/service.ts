import { type BotMessagePreview, serverCaps, stickyLimits } from "@hearth/core";
import type { AppContext } from "../../context.ts";
import type { Storage } from "../../db/database.ts";
import { messagePreview } from "../../discord/port/message-preview.ts";
import { DiscordError, type OutgoingMessage } from "../../discord/port/port.ts";
import { requireTextChannel } from "../../discord/port/validate.ts";
import { checkCap } from "../../lib/caps.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import { ServerConfigCache, serverConfigChanged } from "../../lib/server-config-cache.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";
import * as store from "./store.ts";

export type { Sticky } from "./store.ts";
export { stickyLimits };

type Deps = Pick<AppContext, "storage" | "discord" | "logger">;

/**
 * Which channels of a server have a sticky, in memory: a message elsewhere costs no database read.
 * A change here drops it at once, other processes hear through Redis (`lib/server-config-cache.ts`),
 * and without that message the set is trusted this long.
 */
export const stickyCacheTtlMs = 15_000;

const stickyChannels = new ServerConfigCache<Storage, Set<string>>(
  "sticky channels",
  stickyCacheTtlMs,
  async (storage, serverId) =>
    new Set(
      (await store.listStickies(storage.db, serverId))
        .filter((sticky) => sticky.enabled)
        .map((sticky) => sticky.channelId),
    ),
);

/** How a sticky looks in its channel. */
export function stickyMessage(text: string): OutgoingMessage {
  return { embeds: [{ description: text, color: 0xf97316, footer: { text: "📌 Sticky message" } }] };
}

/** What the dashboard's preview shows: the sticky exactly as `stickyMessage` posts it. */
export function previewSticky(text: string): BotMessagePreview {
  return messagePreview(stickyMessage(readInput({ message: text }).message));
}

const clip = (text: string) => (text.length > 200 ? `${text.slice(0, 199)}…` : text);

/** Deletes a message the bot posted, tolerating that someone deleted it already. */
async function deleteCopy(deps: Deps, channelId: string, messageId: string | null): Promise<void> {
  if (!messageId) return;
  try {
    await deps.discord.deleteMessage(channelId, messageId);
  } catch (error) {
    if (error instanceof DiscordError && error.code === "unknown_message") return;
    deps.logger.warn({ err: error, channelId, messageId }, "sticky: could not delete the previous copy");
  }
}

function readInput(input: { message: string; triggerCount?: number | null }) {
  const message = input.message.trim();
  if (message === "") throw badRequest("The sticky message can't be empty.", "message");
  if (message.length > stickyLimits.maxLength) {
    throw badRequest(
      `The sticky message is ${message.length} characters; the limit is ${stickyLimits.maxLength}.`,
      "message",
    );
  }
  const triggerCount = input.triggerCount ?? stickyLimits.defaultTrigger;
  if (
    !Number.isInteger(triggerCount) ||
    triggerCount < stickyLimits.minTrigger ||
    triggerCount > stickyLimits.maxTrigger
  ) {
    throw badRequest(
      `trigger_count must be a whole number from ${stickyLimits.minTrigger} to ${stickyLimits.maxTrigger}.`,
      "trigger_count",
    );
  }
  return { message, triggerCount };
}

/**
 * Sets a channel's sticky (replacing the one it had) and posts it at once; the replaced sticky's
 * copy is deleted.
 */
export async function setSticky(
  deps: Deps,
  serverId: string,
  input: {
    channelId: string;
    message: string;
    triggerCount?: number | null;
    userId: string;
    /** Who asked (the dashboard's token); the command's member otherwise. */
    actor?: AuditActor;
  },
): Promise<{ sticky: store.Sticky; replaced: boolean }> {
  const { message, triggerCount } = readInput(input);
  await requireTextChannel(deps, serverId, input.channelId, "channel");
  // Replacing a channel's sticky is always allowed; a new channel counts against the cap.
  const stickies = await store.listStickies(deps.storage.db, serverId);
  if (!stickies.some((sticky) => sticky.channelId === input.channelId)) {
    checkCap(serverCaps.stickies, stickies.length);
  }
  const { sticky, replaced } = await store.upsertSticky(
    deps.storage.db,
    { serverId, channelId: input.channelId, message, triggerCount, createdBy: input.userId },
    Date.now(),
  );
  serverConfigChanged(serverId);
  await recordAudit(
    deps.storage.db,
    serverId,
    input.actor ?? { tokenId: null, userId: input.userId },
    replaced ? "sticky.replace" : "sticky.set",
    {
      channelId: input.channelId,
      ...(replaced
        ? { before: { message: clip(replaced.message), triggerCount: replaced.triggerCount } }
        : {}),
      after: { message: clip(message), triggerCount },
    },
  );
  await deleteCopy(deps, input.channelId, replaced?.lastMessageId ?? null);
  const sent = await deps.discord.sendMessage(input.channelId, stickyMessage(message));
  if (!(await store.setPostedCopy(deps.storage.db, sticky, sent.id, Date.now()))) {
    await deleteCopy(deps, input.channelId, sent.id);
  }
  return { sticky: { ...sticky, lastMessageId: sent.id }, replaced: replaced !== null };
}

/** Removes a channel's sticky and its copy in the channel. */
export async function removeSticky(
  deps: Deps,
  serverId: string,
  channelId: string,
  actor: AuditActor,
): Promise<store.Sticky> {
  const removed = await store.deleteSticky(deps.storage.db, serverId, channelId);
  if (!removed) throw notFound(`<#${channelId}> has no sticky message.`);
  serverConfigChanged(serverId);
  await recordAudit(deps.storage.db, serverId, actor, "sticky.remove", {
    channelId,
    before: { message: clip(removed.message), triggerCount: removed.triggerCount },
  });
  await deleteCopy(deps, channelId, removed.lastMessageId);
  return removed;
}

export function listStickies(deps: Pick<Deps, "storage">, serverId: string): Promise<store.Sticky[]> {
  return store.listStickies(deps.storage.db, serverId);
}

/** Whether the channel has a sticky (answered from memory). */
export async function isStickyChannel(
  deps: Pick<Deps, "storage">,
  serverId: string,
  channelId: string,
): Promise<boolean> {
  return (await stickyChannels.get(deps.storage, serverId)).has(channelId);
}

/**
 * Adds members' messages to a channel's count; true when its sticky is due for a repost. A channel
 * without a sticky is answered from memory.
 */
export async function countStickyMessages(
  deps: Pick<Deps, "storage">,
  serverId: string,
  channelId: string,
  count = 1,
): Promise<boolean> {
  if (!(await isStickyChannel(deps, serverId, channelId))) return false;
  const counted = await store.countMessage(deps.storage.db, channelId, count);
  return counted !== null && counted.messageCount >= counted.triggerCount;
}

/**
 * Reposts the channel's sticky at the bottom if it is due, and deletes the previous copy. The due
 * check and the counter reset are one statement, so only one caller (in any process) reposts.
 * Answers whether this call reposted.
 */
export async function repostSticky(deps: Deps, channelId: string): Promise<boolean> {
  const due = await store.claimRepost(deps.storage.db, channelId);
  if (!due) return false;
  let sent: { id: string };
  try {
    sent = await deps.discord.sendMessage(channelId, stickyMessage(due.message));
  } catch (error) {
    if (error instanceof DiscordError && error.code === "unknown_channel") {
      // The channel is gone: its sticky has nothing left to do.
      await store.deleteSticky(deps.storage.db, due.serverId, channelId);
      serverConfigChanged(due.serverId);
      return false;
    }
    throw error;
  }
  if (await store.setPostedCopy(deps.storage.db, due, sent.id, Date.now())) {
    await deleteCopy(deps, channelId, due.lastMessageId);
  } else {
    await deleteCopy(deps, channelId, sent.id);
  }
  return true;
}
