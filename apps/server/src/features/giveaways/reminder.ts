import type { Kysely } from "kysely";
import type { AppContext } from "../../context.ts";
import type { Database } from "../../db/schema.ts";
import { fitText } from "../../discord/payload-rules/message-limits.ts";
import type { OutgoingMessage } from "../../discord/port/port.ts";
import { prizeTitle } from "./messages.ts";
import * as store from "./store.ts";

/**
 * The "last chance" reminder: one message in the giveaway's channel a chosen time before the end.
 *
 * Exactly once: the job (one per giveaway and reminder time, scheduled in the transaction that sets
 * the end) posts with a nonce of the giveaway, then marks the giveaway reminded under a condition
 * (`reminded_at is null`). A worker that dies between the post and the mark leaves the job to be
 * taken again when its lease runs out; the retry finds the giveaway not yet marked, posts with the
 * same nonce (Discord answers the first message, it doesn't post another) and marks it. A giveaway
 * ended, cancelled, paused or already reminded is not reminded; a job whose time the end moved away
 * from (pause and resume) finds itself early and leaves the work to the job of the new time.
 */

type Deps = Pick<AppContext, "storage" | "discord" | "jobs" | "logger">;

export const reminderJobKind = "giveaway.remind";
export const reminderJobKey = (messageId: string, at: number) => `giveaway-remind:${messageId}:${at}`;
/** At most 25 characters: `rm` and the message id (at most 20 digits). */
export const reminderNonce = (messageId: string) => `rm${messageId}`.slice(0, 25);

/** Schedules the reminder at `at`, in the transaction storing the end it belongs to. */
export async function scheduleReminder(
  ctx: Pick<AppContext, "jobs">,
  trx: Kysely<Database>,
  serverId: string,
  messageId: string,
  at: number,
): Promise<void> {
  await ctx.jobs.schedule(reminderJobKind, { serverId, giveawayId: messageId, at }, at, {
    dedupeKey: reminderJobKey(messageId, at),
    maxAttempts: 10,
    within: trx,
  });
}

/** When a giveaway's reminder is due, or null when it has none (or it was posted). */
export function reminderTime(giveaway: store.Giveaway): number | null {
  if (giveaway.reminderBeforeMs === null || giveaway.remindedAt !== null) return null;
  return giveaway.endTime - giveaway.reminderBeforeMs;
}

const unix = (ms: number) => Math.floor(ms / 1000);

/** The reminder: the prize, the end as a live countdown and a link to the giveaway's message. */
export function reminderMessage(giveaway: store.Giveaway): OutgoingMessage {
  const jump = `https://discord.com/channels/${giveaway.serverId}/${giveaway.channelId}/${giveaway.messageId}`;
  const { title } = prizeTitle(giveaway.prize);
  return {
    content: fitText(
      `⏰ **Last chance!** The giveaway for **${giveaway.prize}** ends <t:${unix(giveaway.endTime)}:R>.`,
      2000,
    ),
    embeds: [
      {
        title: fitText(`Last chance: ${title}`, 256),
        description: `Ends <t:${unix(giveaway.endTime)}:f>. [Go to the giveaway](${jump}) and press **Enter** to join.`,
        url: jump,
        color: 0xf97316,
      },
    ],
    components: [[{ type: "button", style: "link", label: "Go to the giveaway", url: jump }]],
    allowedMentions: {},
  };
}

/** The reminder job: posts the reminder once, if the giveaway still runs and this is its time. */
export async function remindGiveaway(
  ctx: Deps,
  serverId: string,
  messageId: string,
  at: number,
): Promise<"posted" | "skipped"> {
  const now = Date.now();
  const giveaway = await store.findGiveaway(ctx.storage.db, serverId, messageId);
  if (giveaway?.status !== "active" || giveaway.pausedAt !== null) return "skipped";
  const due = reminderTime(giveaway);
  // Reminded already, or the end moved (a pause): the job of the new time does it. The job trusts
  // its time otherwise (the playground's fast-forward runs it early, as time passing would).
  if (due === null || due !== at || giveaway.endTime <= now) return "skipped";
  await ctx.discord.sendMessage(giveaway.channelId, {
    ...reminderMessage(giveaway),
    nonce: reminderNonce(messageId),
  });
  const marked = await store.markReminded(ctx.storage.db, giveaway.id, now);
  if (marked) ctx.logger.info({ serverId, messageId }, "posted a giveaway's last-chance reminder");
  return "posted";
}
