import type { AppContext } from "../../context.ts";
import { DiscordError, type Embed, type OutgoingMessage } from "../../discord/port/port.ts";
import { forbidden, notFound } from "../../lib/errors.ts";
import { recordAudit } from "../audit/service.ts";
import { settingsFor } from "../settings/service.ts";
import { getSetup } from "../setup/service.ts";
import * as store from "./store.ts";

export type { PoolBlock, PoolEventKind } from "./store.ts";

type Deps = Pick<AppContext, "storage" | "discord" | "logger">;

/** One event whose winners are screened. */
export interface PoolEvent {
  serverId: string;
  kind: store.PoolEventKind;
  /** The event's own id (the giveaway's message id, the lottery's or raffle's id). */
  eventId: string;
  /** The prize. */
  label: string;
  channelId: string;
  /** When members could first join it: someone who joined the server after this can't win it. */
  startedAt: number;
}

export const approveButtonPrefix = "antipool:approve:";
const hour = 3_600_000;

/**
 * The rule, with protection on (`antiPoolShow.toggle`), for one drawn winner of a giveaway, lottery
 * or raffle:
 * 1. a member who joined the server after the event started can't win it (`joined_after`);
 * 2. a member who already won one of the server's events in the last `windowHours` (default 24)
 *    can't win another (`recent_win`);
 * unless the pool manager approved this member for this event. A blocked winner is skipped and the
 * seat drawn again from the others (they're never drawn for that event again). With protection off
 * every winner passes and nothing is recorded.
 */
export async function screenWinner(
  deps: Deps,
  event: PoolEvent,
  userId: string,
  now = Date.now(),
): Promise<{ ok: true } | { ok: false; reason: store.BlockReason; detail: Record<string, unknown> }> {
  const settings = await settingsFor(deps, event.serverId);
  if (!settings.antiPoolShow.toggle) return { ok: true };
  const earlier = await store.blocksOfEvent(deps.storage.db, event.serverId, event.kind, event.eventId);
  if (earlier.some((b) => b.userId === userId && b.status === "approved")) return { ok: true };
  let joinedAt: number | null = null;
  try {
    joinedAt = (await deps.discord.getMember(event.serverId, userId))?.joinedAt ?? null;
  } catch (error) {
    // A failed lookup doesn't cost anyone a win: the join rule is skipped for them.
    deps.logger.warn({ err: error, serverId: event.serverId, userId }, "anti-pool: member lookup failed");
  }
  if (joinedAt !== null && joinedAt > event.startedAt) {
    return { ok: false, reason: "joined_after", detail: { joinedAt, startedAt: event.startedAt } };
  }
  const windowHours = settings.antiPoolShow.windowHours;
  const previous = await store.latestWinSince(
    deps.storage.db,
    event.serverId,
    userId,
    now - windowHours * hour,
    {
      kind: event.kind,
      eventId: event.eventId,
    },
  );
  if (previous) {
    return {
      ok: false,
      reason: "recent_win",
      detail: {
        kind: previous.kind,
        eventId: previous.eventId,
        label: previous.label,
        wonAt: previous.wonAt,
        windowHours,
      },
    };
  }
  return { ok: true };
}

/** Whether protection is on now (a draw skips all screening work when it isn't). */
export async function protectionOn(deps: Pick<Deps, "storage">, serverId: string): Promise<boolean> {
  return (await settingsFor(deps, serverId)).antiPoolShow.toggle;
}

/** The members blocked from winning this event (a re-draw leaves them out). */
export async function blockedIn(
  deps: Pick<Deps, "storage">,
  event: Pick<PoolEvent, "serverId" | "kind" | "eventId">,
) {
  const blocks = await store.blocksOfEvent(deps.storage.db, event.serverId, event.kind, event.eventId);
  return blocks.filter((b) => b.status === "pending").map((b) => b.userId);
}

/** Counts a win (with protection on) so the window rule sees it. */
export async function recordPoolWin(
  deps: Pick<Deps, "storage">,
  event: PoolEvent,
  userId: string,
  now = Date.now(),
) {
  if (!(await protectionOn(deps, event.serverId))) return;
  await store.insertWin(deps.storage.db, event.serverId, {
    userId,
    kind: event.kind,
    eventId: event.eventId,
    label: event.label,
    wonAt: now,
    approvedBy: null,
  });
}

const kindLabel: Record<store.PoolEventKind, string> = {
  giveaway: "giveaway",
  lottery: "lottery",
  raffle: "raffle",
};

function reasonText(block: store.PoolBlock): string {
  if (block.reason === "joined_after") {
    return `joined the server <t:${Math.floor(Number(block.detail.joinedAt) / 1000)}:R>, after the ${kindLabel[block.kind]} started`;
  }
  return `already won **${String(block.detail.label)}** <t:${Math.floor(Number(block.detail.wonAt) / 1000)}:R> (one win per ${String(block.detail.windowHours)} h)`;
}

export function blockMessage(block: store.PoolBlock, serverName: string): OutgoingMessage {
  const embed: Embed = {
    title: "🛡️ Anti-pool: a win was blocked",
    description: `<@${block.userId}> was drawn in the ${kindLabel[block.kind]} **${block.label}** in **${serverName}** but ${reasonText(block)}. They were skipped: the draw went on to the next eligible entrant, if there was one.\n\nApprove to award them the win as well.`,
    color: 0xf59e0b,
    footer: { text: `Block #${block.id}` },
  };
  return {
    embeds: [embed],
    components: [
      [
        {
          type: "button",
          style: "success",
          label: "Approve win",
          customId: `${approveButtonPrefix}${block.id}`,
        },
      ],
    ],
    allowedMentions: {},
  };
}

/**
 * Records a blocked win and tells the pool manager: a DM with an Approve button, or, when the DM
 * can't be delivered (closed DMs, no manager), a post with the button in Setup's log channel. Always
 * audited. Answers the block.
 */
export async function blockWin(
  deps: Deps,
  event: PoolEvent,
  userId: string,
  verdict: { reason: store.BlockReason; detail: Record<string, unknown> },
  now = Date.now(),
): Promise<store.PoolBlock> {
  const { block, created } = await store.insertBlock(deps.storage.db, {
    serverId: event.serverId,
    userId,
    kind: event.kind,
    eventId: event.eventId,
    label: event.label,
    channelId: event.channelId,
    reason: verdict.reason,
    detail: verdict.detail,
    createdAt: now,
  });
  if (!created) return block;
  await recordAudit(deps.storage.db, event.serverId, { tokenId: null, userId: null }, "antipool.block", {
    blockId: block.id,
    userId,
    event: `${event.kind}:${event.eventId}`,
    reason: verdict.reason,
  });
  const notified = await notify(deps, block);
  await store.setNotified(deps.storage.db, block.id, notified);
  return { ...block, notified };
}

async function notify(deps: Deps, block: store.PoolBlock): Promise<"dm" | "log" | "none"> {
  const settings = await settingsFor(deps, block.serverId);
  const guild = await deps.discord.getGuild(block.serverId).catch(() => null);
  const message = blockMessage(block, guild?.name ?? "your server");
  const managerId = settings.antiPoolShow.poolManagerId;
  if (managerId) {
    try {
      await deps.discord.sendDirectMessage(managerId, message);
      return "dm";
    } catch (error) {
      if (!(error instanceof DiscordError)) throw error;
      deps.logger.info(
        { serverId: block.serverId, code: error.code },
        "anti-pool: DM to the pool manager failed",
      );
    }
  }
  const logChannelId = (await getSetup(deps, block.serverId)).logChannelId;
  if (!logChannelId) return "none";
  try {
    const mention = managerId ? `<@${managerId}> ` : "";
    await deps.discord.sendMessage(logChannelId, {
      ...message,
      content: `${mention}A win needs the pool manager's decision (the DM couldn't be delivered).`,
      allowedMentions: managerId ? { users: [managerId] } : {},
    });
    return "log";
  } catch (error) {
    if (!(error instanceof DiscordError)) throw error;
    deps.logger.warn({ err: error, serverId: block.serverId }, "anti-pool: log channel post failed");
    return "none";
  }
}

/**
 * The pool manager approves a blocked win: the member is awarded it as an extra winner (the winner
 * drawn in their place keeps theirs), the win counts for the window, and the event's channel hears
 * it. Only the server's current pool manager may approve; a block approves once.
 */
export async function approveBlock(deps: Deps, blockId: number, approverId: string, now = Date.now()) {
  const block = await store.findBlock(deps.storage.db, blockId);
  if (!block) throw notFound("That blocked win no longer exists.");
  const settings = await settingsFor(deps, block.serverId);
  if (settings.antiPoolShow.poolManagerId !== approverId) {
    throw forbidden("Only the server's pool manager can approve blocked wins.");
  }
  if (!(await store.approve(deps.storage.db, block.id, approverId, now))) {
    return { block, already: true };
  }
  await store.insertWin(deps.storage.db, block.serverId, {
    userId: block.userId,
    kind: block.kind,
    eventId: block.eventId,
    label: block.label,
    wonAt: now,
    approvedBy: approverId,
  });
  await recordAudit(
    deps.storage.db,
    block.serverId,
    { tokenId: null, userId: approverId },
    "antipool.approve",
    {
      blockId: block.id,
      userId: block.userId,
      event: `${block.kind}:${block.eventId}`,
    },
  );
  try {
    await deps.discord.sendMessage(block.channelId, {
      content: `✅ The pool manager approved <@${block.userId}>'s win of **${block.label}**: they win it too. Congratulations!`,
      allowedMentions: { users: [block.userId] },
    });
  } catch (error) {
    // The approval stands; only the announcement is lost.
    if (!(error instanceof DiscordError)) throw error;
    deps.logger.warn({ err: error, blockId }, "anti-pool: approval announcement failed");
  }
  return {
    block: { ...block, status: "approved" as const, decidedBy: approverId, decidedAt: now },
    already: false,
  };
}

/** `/antipool status`: the rule's settings and the blocks waiting for a decision. */
export async function poolStatus(deps: Pick<Deps, "storage">, serverId: string) {
  const settings = await settingsFor(deps, serverId);
  return {
    on: settings.antiPoolShow.toggle,
    managerId: settings.antiPoolShow.poolManagerId,
    windowHours: settings.antiPoolShow.windowHours,
    pending: await store.listPending(deps.storage.db, serverId),
  };
}

export { reasonText };

// The hooks other features' draws call (giveaways, lotteries, raffles) for one event.

/** A lottery's or raffle's identity for the rule: its id, prize, channel and start. */
export function eventOf(
  serverId: string,
  kind: PoolEvent["kind"],
  event: { id: number | string; prize: string; channelId: string; createdAt: number },
): PoolEvent {
  return {
    serverId,
    kind,
    eventId: String(event.id),
    label: event.prize,
    channelId: event.channelId,
    startedAt: event.createdAt,
  };
}

/**
 * A screen for draws that pick winners one by one (the raffle's): true lets the member win; false
 * means the rule blocked them, which is recorded and sent to the pool manager before answering.
 */
export function poolScreen(deps: Deps, event: PoolEvent): (userId: string) => Promise<boolean> {
  return async (userId) => {
    const verdict = await screenWinner(deps, event, userId);
    if (verdict.ok) return true;
    await blockWin(deps, event, userId, verdict);
    return false;
  };
}
