import { drawWinners } from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { transactionForServer } from "../../db/locks.ts";
import type { Db } from "../../db/schema.ts";
import { conflict, forbidden } from "../../lib/errors.ts";
import { recordAudit } from "../audit/service.ts";
import { announceDrawNow, scheduleAnnounceCheck } from "./announce.ts";
import * as entryStore from "./entry-store.ts";
import { giveawayListsChanged, giveawayNotFound } from "./queries.ts";
import { screenGiveawayDraw } from "./screening.ts";
import * as store from "./store.ts";

/**
 * Claims: a giveaway with a claim window gives each winner until their deadline to press Claim (on
 * the announcement, or in their DM). At the deadline a durable job draws a replacement for every
 * unclaimed win (nobody who won this giveaway before is drawn again); the replacement gets a fresh
 * window, and the announcement says who replaced whom.
 *
 * Exactly once: the expiry's draw is one transaction under the giveaway's lock that replaces only
 * wins still standing, unclaimed and past their deadline; a second run (a retried job, another
 * worker after a crash) finds none left and does nothing. The announcement follows the commit, and
 * the draw's safety check (scheduled in the same transaction) announces it if the process dies
 * first, as for every draw.
 */

type Deps = Pick<AppContext, "storage" | "discord" | "jobs" | "logger" | "config">;

export const claimExpiryJobKind = "giveaway.claims";
export const claimExpiryJobKey = (messageId: string, deadline: number) =>
  `giveaway-claims:${messageId}:${deadline}`;
const gate = (messageId: string) => `giveaway:${messageId}`;

/** Schedules the expiry of the wins drawn with `deadline`, in the draw's own transaction. */
export async function scheduleClaimExpiry(
  ctx: Pick<AppContext, "jobs">,
  trx: Db,
  serverId: string,
  messageId: string,
  deadline: number,
): Promise<void> {
  await ctx.jobs.schedule(claimExpiryJobKind, { serverId, giveawayId: messageId, deadline }, deadline, {
    dedupeKey: claimExpiryJobKey(messageId, deadline),
    maxAttempts: 10,
    within: trx,
  });
}

export interface ClaimResult {
  prize: string;
  claimedAt: number;
  /** The winner had claimed before (a second press). */
  already: boolean;
}

/**
 * A winner claims their win: records when (once; a second press answers the first claim). Anyone
 * else, a win already replaced, or a press after the deadline is refused with a sentence for them.
 */
export async function claimWin(
  ctx: Pick<AppContext, "storage">,
  serverId: string,
  messageId: string,
  userId: string,
  now = Date.now(),
): Promise<ClaimResult> {
  const result = await transactionForServer(ctx.storage, serverId, gate(messageId), async (trx) => {
    const giveaway = await store.findGiveaway(trx, serverId, messageId, {
      dialect: ctx.storage.dialect,
      lock: "update",
    });
    if (!giveaway) throw giveawayNotFound();
    const mine = (await store.listWinners(trx, [giveaway.id])).filter((w) => w.userId === userId);
    const standing = mine.find((w) => w.replacedAt == null);
    if (!standing) {
      if (mine.length > 0) {
        throw conflict(
          "Your win of this giveaway no longer stands: it wasn't claimed in time (or was rerolled), so the prize was drawn again.",
        );
      }
      throw forbidden("Only the winners of this giveaway can claim it. Better luck next time!");
    }
    if (standing.claimedAt != null) {
      return { prize: giveaway.prize, claimedAt: standing.claimedAt, already: true };
    }
    if (standing.claimDeadline == null)
      throw conflict("This giveaway doesn't need claiming: the prize is yours.");
    if (standing.claimDeadline <= now) {
      throw conflict("The time to claim this prize has passed, so it is being drawn again.");
    }
    if (!(await markClaimed(trx, giveaway.id, userId, now))) {
      throw conflict("The time to claim this prize has passed, so it is being drawn again.");
    }
    await recordAudit(trx, serverId, { tokenId: null, userId }, "giveaway.claim", {
      messageId,
      prize: giveaway.prize,
      draw: standing.draw,
    });
    return { prize: giveaway.prize, claimedAt: now, already: false };
  });
  if (!result.already) giveawayListsChanged();
  return result;
}

/** Records a claim on a standing, unclaimed win; false when there is none to claim. */
async function markClaimed(db: Db, giveawayId: number, userId: string, now: number): Promise<boolean> {
  const updated = await db
    .updateTable("giveaway_winners")
    .set({ claimed_at: now })
    .where("giveaway_id", "=", giveawayId)
    .where("user_id", "=", userId)
    .where("replaced_at", "is", null)
    .where("claimed_at", "is", null)
    .where("claim_deadline", ">", now)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

export interface ExpiryOutcome {
  /** The reroll's draw number, when one was made. */
  draw: number | null;
  /** Who replaced whom (replacement null: no entrant was left to draw). */
  replaced: { userId: string; by: string | null }[];
}

/** Crash points for tests: a hook run after the draw is written, before it commits. */
export const claimExpiryHooks: { beforeCommit?: () => void | Promise<void> } = {};

/**
 * The claim-expiry job: every standing win of this giveaway unclaimed at `asOf` (the job's deadline,
 * or now when later) is replaced by a fresh draw (with a fresh window from now); wins no one is left
 * to replace are marked replaced all the same (they expired). Runs once per deadline; a repeat finds
 * nothing to do. The job trusts its deadline, so the playground's fast-forward expires them too.
 */
export async function expireClaims(
  ctx: Deps,
  serverId: string,
  messageId: string,
  randomInt: (maxExclusive: number) => number,
  asOf = Date.now(),
): Promise<ExpiryOutcome> {
  const now = Date.now();
  const cutoff = Math.max(now, asOf);
  const outcome = await transactionForServer(ctx.storage, serverId, gate(messageId), async (trx) => {
    const giveaway = await store.findGiveaway(trx, serverId, messageId, {
      dialect: ctx.storage.dialect,
      lock: "update",
    });
    if (giveaway?.status !== "ended") return { draw: null, replaced: [] };
    const previous = await store.listWinners(trx, [giveaway.id]);
    const expired = previous.filter(
      (w) =>
        w.replacedAt == null && w.claimedAt == null && w.claimDeadline != null && w.claimDeadline <= cutoff,
    );
    if (expired.length === 0) return { draw: null, replaced: [] };
    const pool = await entryStore.loadDrawPool(trx, giveaway.id);
    const picks = drawWinners(
      pool,
      expired.length,
      randomInt,
      previous.map((w) => w.userId),
    );
    const number = Math.max(0, ...previous.map((w) => w.draw)) + 1;
    const deadline = giveaway.claimWindowMs ? now + giveaway.claimWindowMs : null;
    const winners = picks.map((pick, index) => ({
      giveawayId: giveaway.id,
      userId: pick.id,
      username: pick.username,
      entries: pick.entries,
      draw: number,
      wonAt: now,
      replacesUserId: (expired[index] as store.Winner).userId,
      claimDeadline: deadline,
    }));
    await store.markReplaced(
      trx,
      giveaway.id,
      expired.map((w) => w.userId),
      now,
    );
    // Their window closed now (sooner than drawn only when the playground fast-forwarded time).
    await trx
      .updateTable("giveaway_winners")
      .set({ claim_deadline: now })
      .where("giveaway_id", "=", giveaway.id)
      .where(
        "user_id",
        "in",
        expired.map((w) => w.userId),
      )
      .where("claim_deadline", ">", now)
      .execute();
    await store.insertWinners(trx, serverId, winners);
    if (winners.length > 0) {
      await scheduleAnnounceCheck(ctx, trx, serverId, messageId, number);
      if (deadline !== null) await scheduleClaimExpiry(ctx, trx, serverId, messageId, deadline);
    }
    const replaced = expired.map((w, index) => ({ userId: w.userId, by: picks[index]?.id ?? null }));
    await recordAudit(trx, serverId, { tokenId: null, userId: null }, "giveaway.claim_expired", {
      messageId,
      prize: giveaway.prize,
      draw: winners.length > 0 ? number : null,
      replaced,
    });
    await claimExpiryHooks.beforeCommit?.();
    return { draw: winners.length > 0 ? number : null, replaced };
  });
  if (outcome.replaced.length === 0) return outcome;
  giveawayListsChanged();
  if (outcome.draw !== null) {
    await screenGiveawayDraw(ctx, serverId, messageId, outcome.draw, randomInt);
    giveawayListsChanged();
    await announceDrawNow(ctx, serverId, messageId, outcome.draw);
  }
  return outcome;
}
