import type { AppContext } from "../../context.ts";
import { DiscordError } from "../../discord/port/port.ts";
import { badRequest } from "../../lib/errors.ts";
import { globalState } from "./service.ts";
import * as store from "./store.ts";

export const noticeJob = "devtools.notify-owners";
export const noticeMaxLength = 1800;

/**
 * Discord watches bots that DM many users quickly: one DM (two REST calls) per `paceMs`, in runs of
 * `batchSize` per job so a restart loses at most the DM in flight. Tests shorten the pace.
 */
export const noticeOptions = { paceMs: 1500, batchSize: 20 };

export interface NoticeProgress {
  id: number;
  total: number;
  sent: number;
  failed: number;
  pending: number;
  finished: boolean;
}

/**
 * Starts an announcement to the owner of every server the bot is in, each owner once (however many
 * servers they own), skipping blocked servers and users. The DMs go out from the job queue, paced,
 * and survive a restart; the developer who started it gets the counts by DM at the end.
 */
export async function startNotice(
  ctx: Pick<AppContext, "storage" | "discord" | "jobs">,
  message: string,
  startedBy: string,
): Promise<NoticeProgress> {
  const text = message.trim();
  if (!text) throw badRequest("Please write the announcement.", "message");
  if (text.length > noticeMaxLength) {
    throw badRequest(`The announcement must be at most ${noticeMaxLength} characters.`, "message");
  }
  const [guilds, state] = await Promise.all([ctx.discord.listGuilds(), globalState(ctx)]);
  const owners = guilds
    .filter((guild) => !state.blocks.has(guild.id) && !state.blocks.has(guild.ownerId))
    .map((guild) => guild.ownerId);
  if (owners.length === 0) throw badRequest("The bot is in no server whose owner could be told.");
  const id = await store.insertNotice(
    ctx.storage.db,
    { message: text, startedBy, startedAt: Date.now() },
    owners,
  );
  await ctx.jobs.schedule(noticeJob, { noticeId: id }, Date.now(), { dedupeKey: `dev-notice:${id}` });
  return noticeProgress(ctx, id);
}

export async function noticeProgress(ctx: Pick<AppContext, "storage">, id: number): Promise<NoticeProgress> {
  const [notice, counts] = await Promise.all([
    store.findNotice(ctx.storage.db, id),
    store.recipientCounts(ctx.storage.db, id),
  ]);
  return {
    id,
    total: counts.pending + counts.sending + counts.sent + counts.failed,
    sent: counts.sent,
    failed: counts.failed,
    pending: counts.pending + counts.sending,
    finished: notice?.finishedAt != null,
  };
}

const failureText = (error: unknown) =>
  error instanceof DiscordError ? error.code : error instanceof Error ? error.message : String(error);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One run of the notice job: a batch of owners, then the next run, or the report when all are done. */
export async function runNoticeBatch(ctx: AppContext, noticeId: number): Promise<void> {
  const db = ctx.storage.db;
  const notice = await store.findNotice(db, noticeId);
  if (!notice || notice.finishedAt !== null) return;
  // Only a run that stopped mid-DM leaves "sending" rows (one job per notice runs at a time).
  await store.failInterrupted(db, noticeId, Date.now());
  const batch = await store.pendingRecipients(db, noticeId, noticeOptions.batchSize);
  for (const [index, userId] of batch.entries()) {
    if (index > 0) await sleep(noticeOptions.paceMs);
    if (!(await store.moveRecipient(db, noticeId, userId, "pending", "sending", null, Date.now()))) continue;
    try {
      await ctx.discord.sendDirectMessage(userId, {
        content: `📣 **A message from the Hearth team**\n\n${notice.message}\n\n-# You get this because you own a server that uses Hearth.`,
        allowedMentions: { users: [], roles: [], everyone: false },
      });
      await store.moveRecipient(db, noticeId, userId, "sending", "sent", null, Date.now());
    } catch (error) {
      await store.moveRecipient(db, noticeId, userId, "sending", "failed", failureText(error), Date.now());
    }
  }
  const counts = await store.recipientCounts(db, noticeId);
  if (counts.pending > 0) {
    await ctx.jobs.schedule(noticeJob, { noticeId }, Date.now() + noticeOptions.paceMs, {
      dedupeKey: `dev-notice:${noticeId}:${counts.sent + counts.failed}`,
    });
    return;
  }
  if (!(await store.markNoticeFinished(db, noticeId, Date.now()))) return;
  ctx.logger.info({ noticeId, sent: counts.sent, failed: counts.failed }, "owner notice finished");
  try {
    await ctx.discord.sendDirectMessage(notice.startedBy, {
      content: `📣 Notice #${noticeId} is done: **${counts.sent}** owner${counts.sent === 1 ? "" : "s"} told, **${counts.failed}** failed (DMs closed or unreachable).`,
      allowedMentions: { users: [], roles: [], everyone: false },
    });
  } catch (error) {
    ctx.logger.warn({ err: error, noticeId }, "could not DM the notice report to its developer");
  }
}

export function registerNoticeJobs(ctx: AppContext): void {
  ctx.jobs.register(noticeJob, async (payload) => {
    const noticeId = Number((payload as { noticeId?: unknown }).noticeId);
    if (Number.isInteger(noticeId)) await runNoticeBatch(ctx, noticeId);
  });
}
