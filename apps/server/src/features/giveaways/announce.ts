import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/schema.ts";
import { DiscordError, type OutgoingMessage } from "../../discord/port/port.ts";
import { claimButton, claimLine } from "./claim-button.ts";
import { countEntries } from "./entry-store.ts";
import { endedMessage, giveawayDetailUrl, winnerDirectMessage, winnersAnnouncement } from "./messages.ts";
import * as store from "./store.ts";

type Deps = Pick<AppContext, "storage" | "discord" | "jobs" | "logger" | "config">;

export const announceJobKind = "giveaway.announce";

/** Worth trying again later: Discord was down or busy, or our own storage failed. */
const isTransient = (error: unknown) =>
  !(error instanceof DiscordError) || error.code === "unavailable" || error.code === "rate_limited";
const announceAttempts = 10;
/**
 * When the safety check of a draw's announcement comes due, if the process that drew dies first.
 * Well inside the few minutes Discord remembers a nonce for, so a check that follows an announcement
 * posted just before the crash is refused as the same message rather than posted twice.
 */
export const announceCheckDelayMs = 2 * 60_000;
/** `a<message id>.<draw>` while it fits Discord's 25 characters. */
const announceNonce = (messageId: string, draw: number) => {
  const nonce = `a${messageId}.${draw}`;
  return nonce.length <= 25 ? nonce : undefined;
};
const checkKey = (messageId: string, draw: number) => `giveaway-announce-check:${messageId}:${draw}`;

/**
 * Schedules, in the draw's own transaction, the check that announces the draw should the process die
 * between the commit and the announcement (the re-run end job stops at "already ended", so nothing
 * else would): a draw is never left unannounced. Cancelled once the announcement went out or its retry
 * is scheduled.
 */
export async function scheduleAnnounceCheck(
  ctx: Deps,
  trx: Db,
  serverId: string,
  messageId: string,
  draw: number,
): Promise<void> {
  await ctx.jobs.schedule(
    announceJobKind,
    { serverId, giveawayId: messageId, draw, attempt: 1 },
    Date.now() + announceCheckDelayMs,
    { dedupeKey: checkKey(messageId, draw), within: trx },
  );
}

/** Announces the draw now (retried by a job when Discord fails), then drops its safety check. */
export async function announceDrawNow(
  ctx: Deps,
  serverId: string,
  messageId: string,
  draw: number,
): Promise<void> {
  await announceDraw(ctx, serverId, messageId, draw);
  await ctx.jobs.cancel(checkKey(messageId, draw));
}

/**
 * Shows a draw in Discord: the giveaway message lists every winner so far and its button is
 * disabled, and the channel hears who won (only the winners are pinged). Runs after the draw
 * commits; a transient failure is retried by a job, up to 10 times.
 */
export async function announceDraw(
  ctx: Deps,
  serverId: string,
  messageId: string,
  draw: number,
  attempt = 1,
): Promise<void> {
  try {
    const giveaway = await store.findGiveaway(ctx.storage.db, serverId, messageId);
    if (!giveaway || giveaway.endedAt === null) return;
    const winners = await store.listWinners(ctx.storage.db, [giveaway.id]);
    const drawnWinners = winners.filter((winner) => winner.draw === draw);
    const drawn = drawnWinners.map((winner) => ({ userId: winner.userId, replaces: winner.replacesUserId }));
    const standing = winners.filter((winner) => winner.replacedAt == null).map((winner) => winner.userId);
    const detailUrl = giveawayDetailUrl(ctx.config, serverId, messageId);
    try {
      await ctx.discord.editMessage(
        giveaway.channelId,
        messageId,
        endedMessage(giveaway, standing, giveaway.endedAt, detailUrl),
      );
    } catch (error) {
      // A deleted giveaway message doesn't stop the announcement in its channel.
      if (!(error instanceof DiscordError && error.code === "unknown_message")) throw error;
    }
    // Without winners, the announcement says whether no one entered or no entrant could win.
    const entrants = drawn.length === 0 ? await countEntries(ctx.storage.db, giveaway.id) : undefined;
    const announcement = winnersAnnouncement(
      giveaway,
      drawn,
      draw === 0 ? "end" : "reroll",
      detailUrl,
      entrants,
      // The host hears the results of the end (rerolls are their own doing).
      { pingHost: draw === 0 },
    );
    // With a claim window, the winners claim on the announcement by their deadline.
    const deadline = drawnWinners.find((winner) => winner.claimDeadline != null)?.claimDeadline ?? null;
    const nonce = announceNonce(messageId, draw);
    await ctx.discord.sendMessage(giveaway.winnersChannelId ?? giveaway.channelId, {
      ...(deadline === null ? announcement : withClaim(announcement, serverId, messageId, deadline)),
      // A retry of this announcement (a crash after the post) gets the first one back from Discord.
      ...(nonce ? { nonce } : {}),
    });
    if (giveaway.dmWinners)
      await sendWinnerDms(
        ctx,
        giveaway,
        drawn.map((winner) => winner.userId),
        deadline,
      );
  } catch (error) {
    const retry = isTransient(error) && attempt < announceAttempts;
    ctx.logger.warn({ err: error, messageId, draw, attempt, retry }, "announcing a giveaway draw failed");
    if (!retry) return;
    await ctx.jobs.schedule(
      announceJobKind,
      { serverId, giveawayId: messageId, draw, attempt: attempt + 1 },
      Date.now() + 30_000 * attempt,
      { dedupeKey: `giveaway-announce:${messageId}:${draw}` },
    );
  }
}

/**
 * Sends each new winner the prize text by DM. A member who doesn't accept DMs (or any failure) costs
 * that one DM, logged, never the announcement: this runs after the channel heard the results.
 */
async function sendWinnerDms(
  ctx: Deps,
  giveaway: store.Giveaway,
  userIds: string[],
  claimDeadline: number | null,
): Promise<void> {
  const guild = await ctx.discord.getGuild(giveaway.serverId).catch(() => null);
  const jump = `https://discord.com/channels/${giveaway.serverId}/${giveaway.channelId}/${giveaway.messageId}`;
  for (const userId of userIds) {
    try {
      const dm = winnerDirectMessage(giveaway, guild?.name ?? giveaway.guildName, jump);
      await ctx.discord.sendDirectMessage(
        userId,
        claimDeadline === null ? dm : withClaim(dm, giveaway.serverId, giveaway.messageId, claimDeadline),
      );
    } catch (error) {
      ctx.logger.info(
        { err: error, userId, messageId: giveaway.messageId },
        "could not DM a giveaway winner",
      );
    }
  }
}

/** A message with the Claim button and, in an embed of its own, the deadline. */
function withClaim(
  message: OutgoingMessage,
  serverId: string,
  messageId: string,
  deadline: number,
): OutgoingMessage {
  return {
    ...message,
    embeds: [
      ...(message.embeds ?? []),
      { description: claimLine(deadline), color: 0x22c55e, timestamp: new Date(deadline).toISOString() },
    ],
    components: [...(message.components ?? []), [claimButton(serverId, messageId)]],
  };
}
