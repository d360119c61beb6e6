import { createGiveawayBody } from "@hearth/core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  addMember,
  channelId,
  makeDue,
  newGiveaway,
  outbox,
  owner,
} from "../../../test/fixtures/giveaways.ts";
import { createTestContext, demoGuildId, dialects, type TestContext } from "../../../test/helpers.ts";
import { AppError } from "../../lib/errors.ts";
import { claimButtonId } from "./claim-button.ts";
import { claimExpiryHooks, claimExpiryJobKey, claimWin, expireClaims } from "./claims.ts";
import { enterGiveaway } from "./entries.ts";
import { registerGiveawayJobs } from "./jobs.ts";
import { reminderJobKey, reminderNonce, remindGiveaway, scheduleReminder } from "./reminder.ts";
import {
  announceDraw,
  endGiveaway,
  endJobKey,
  pauseGiveaway,
  rerollGiveaway,
  resumeGiveaway,
  secureRandomInt,
} from "./service.ts";
import * as store from "./store.ts";

// Issue 27 items 5 and 7: claims, end after N entries, the last-chance reminder; and that a worker
// dying mid-action never ends, rerolls, reminds or expires claims twice.

async function statusOf(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
    return 200;
  } catch (error) {
    if (error instanceof AppError) return error.statusCode;
    throw error;
  }
}

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("timed out waiting for a condition");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const auditCount = async (t: TestContext, action: string, messageId: string) =>
  (
    await t.ctx.storage.db
      .selectFrom("audit_log")
      .select("summary")
      .where("action", "=", action)
      .where("server_id", "=", demoGuildId)
      .execute()
  ).filter((row) => row.summary.includes(messageId)).length;

/** Sent to a channel about this giveaway's draw (its winners announcement and reroll messages). */
const announcementsOf = async (t: TestContext, messageId: string) =>
  (await outbox(t.ctx, "message.send")).filter((m) =>
    m.message.components?.some((row) =>
      row.some((c) => c.customId === claimButtonId(demoGuildId, messageId)),
    ),
  );

async function entered(t: TestContext, messageId: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index++) {
    const id = await addMember(t.ctx);
    await enterGiveaway(t.ctx, demoGuildId, messageId, id);
    ids.push(id);
  }
  return ids;
}

/** Moves every standing deadline of a giveaway, and their expiry jobs, into the past. */
async function expireDeadlines(t: TestContext, messageId: string) {
  const giveaway = await store.findGiveaway(t.ctx.storage.db, demoGuildId, messageId);
  if (!giveaway) throw new Error("no giveaway");
  const past = Date.now() - 1000;
  await t.ctx.storage.db
    .updateTable("giveaway_winners")
    .set({ claim_deadline: past })
    .where("giveaway_id", "=", giveaway.id)
    .where("replaced_at", "is", null)
    .where("claimed_at", "is", null)
    .execute();
  await t.ctx.storage.db
    .updateTable("jobs")
    .set({ run_at: past })
    .where("dedupe_key", "like", `giveaway-claims:${messageId}:%`)
    .where("status", "=", "pending")
    .execute();
}

describe("claim, max entries and reminder settings", () => {
  it("refuses bounds out of range, naming the field", () => {
    const base = { channelId: "123456789012345678", prize: "P", duration: 3600 };
    const path = (body: Record<string, unknown>) => {
      const parsed = createGiveawayBody.safeParse({ ...base, ...body });
      return parsed.success ? null : parsed.error.issues[0]?.path.join(".");
    };
    expect(path({ claimWindow: 60 })).toBe("claimWindow");
    expect(path({ claimWindow: 8 * 86_400 })).toBe("claimWindow");
    expect(path({ claimWindow: 600 })).toBeNull();
    expect(path({ maxEntries: 0 })).toBe("maxEntries");
    expect(path({ reminderBefore: 30 })).toBe("reminderBefore");
    expect(path({ reminderBefore: 3600 })).toBe("reminderBefore");
    expect(path({ reminderBefore: 3599 })).toBeNull();
  });
});

describe.each(dialects)("giveaway claims and control on %s", (dialect) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ dialect });
    registerGiveawayJobs(t.ctx);
  });
  afterAll(() => t.cleanup());
  afterEach(() => {
    claimExpiryHooks.beforeCommit = undefined;
  });

  it("a win is claimed by its winner once; others are refused; the end's announcement carries Claim", async () => {
    const giveaway = await newGiveaway(t.ctx, { winnerCount: 2, claimWindow: 3600, dmWinners: true });
    expect(giveaway).toMatchObject({ claimWindow: 3600, maxEntries: null, reminderBefore: null });
    const [a, b, c] = await entered(t, giveaway.messageId, 3);
    const before = Date.now();
    const ended = await endGiveaway(t.ctx, demoGuildId, giveaway.messageId, { by: "manual", actor: owner });
    const winners = Array.isArray(ended.winners) ? ended.winners : [];
    expect(winners).toHaveLength(2);
    for (const winner of winners) {
      expect(winner.claimDeadline).toBeGreaterThanOrEqual(before + 3600_000);
      expect(winner.claimedAt).toBeNull();
    }
    const [announcement] = await announcementsOf(t, giveaway.messageId);
    expect(announcement?.message.embeds?.[0]?.description).toMatch(/press \*\*Claim\*\* by <t:\d+:f>/);
    // Each winner's DM carries the button too.
    const dms = (await outbox(t.ctx, "dm.send")).filter((m) =>
      m.message.components?.some((row) =>
        row.some((button) => button.customId === claimButtonId(demoGuildId, giveaway.messageId)),
      ),
    );
    expect(dms).toHaveLength(2);

    const winnerId = winners[0]?.userId as string;
    const loser = [a, b, c].find((id) => !winners.some((w) => w.userId === id)) as string;
    expect(await statusOf(claimWin(t.ctx, demoGuildId, giveaway.messageId, loser))).toBe(403);
    const first = await claimWin(t.ctx, demoGuildId, giveaway.messageId, winnerId);
    expect(first.already).toBe(false);
    const again = await claimWin(t.ctx, demoGuildId, giveaway.messageId, winnerId);
    expect(again).toMatchObject({ already: true, claimedAt: first.claimedAt });
    expect(await auditCount(t, "giveaway.claim", giveaway.messageId)).toBe(1);
  });

  it("at the deadline the job redraws each unclaimed win once (past winners excluded), with a fresh window", async () => {
    const giveaway = await newGiveaway(t.ctx, { winnerCount: 2, claimWindow: 600 });
    const people = await entered(t, giveaway.messageId, 5);
    const ended = await endGiveaway(t.ctx, demoGuildId, giveaway.messageId, { by: "manual", actor: owner });
    const first = Array.isArray(ended.winners) ? ended.winners : [];
    const claimer = first[0]?.userId as string;
    const unclaimed = first[1]?.userId as string;
    await claimWin(t.ctx, demoGuildId, giveaway.messageId, claimer);
    const deadline = first[1]?.claimDeadline as number;
    const job = await t.ctx.storage.db
      .selectFrom("jobs")
      .select(["status", "run_at"])
      .where("dedupe_key", "=", claimExpiryJobKey(giveaway.messageId, deadline))
      .executeTakeFirst();
    expect(job).toMatchObject({ status: "pending" });
    expect(Number(job?.run_at)).toBe(deadline);

    await expireDeadlines(t, giveaway.messageId);
    const sentBefore = (await outbox(t.ctx, "message.send")).length;
    expect(await t.ctx.jobs.runDue()).toBeGreaterThan(0);
    const rows = await store.listWinners(t.ctx.storage.db, [
      (await store.findGiveaway(t.ctx.storage.db, demoGuildId, giveaway.messageId))?.id as number,
    ]);
    const standing = rows.filter((w) => w.replacedAt == null);
    expect(standing.map((w) => w.userId)).toContain(claimer);
    const replacement = rows.find((w) => w.replacesUserId === unclaimed);
    expect(replacement).toBeDefined();
    expect([claimer, unclaimed]).not.toContain(replacement?.userId);
    expect(people).toContain(replacement?.userId);
    expect(replacement?.claimDeadline).toBeGreaterThan(Date.now() + 500_000);
    const sent = (await outbox(t.ctx, "message.send")).slice(sentBefore);
    const reroll = sent.find((m) => m.message.content?.includes("replaces"));
    expect(reroll?.message.content).toContain(`<@${replacement?.userId}> replaces <@${unclaimed}>`);

    // Again (a repeated job, a second worker): nothing is left to expire.
    const repeat = await expireClaims(t.ctx, demoGuildId, giveaway.messageId, secureRandomInt);
    expect(repeat.replaced).toEqual([]);
    expect(await auditCount(t, "giveaway.claim_expired", giveaway.messageId)).toBe(1);
    // The expired winner is refused with what happened.
    expect(await statusOf(claimWin(t.ctx, demoGuildId, giveaway.messageId, unclaimed))).toBe(409);
  });

  it("claim expiry: a worker dying before its commit changes nothing; racing workers redraw once", async () => {
    const giveaway = await newGiveaway(t.ctx, { winnerCount: 3, claimWindow: 600 });
    await entered(t, giveaway.messageId, 10);
    await endGiveaway(t.ctx, demoGuildId, giveaway.messageId, { by: "manual", actor: owner });
    await expireDeadlines(t, giveaway.messageId);
    claimExpiryHooks.beforeCommit = () => {
      throw new Error("worker killed");
    };
    await expect(expireClaims(t.ctx, demoGuildId, giveaway.messageId, secureRandomInt)).rejects.toThrow(
      "worker killed",
    );
    claimExpiryHooks.beforeCommit = undefined;
    const id = (await store.findGiveaway(t.ctx.storage.db, demoGuildId, giveaway.messageId))?.id as number;
    expect((await store.listWinners(t.ctx.storage.db, [id])).every((w) => w.replacedAt == null)).toBe(true);

    // The job's lease ran out and two workers take it at once: one redraw of the three seats.
    const outcomes = await Promise.all([
      expireClaims(t.ctx, demoGuildId, giveaway.messageId, secureRandomInt),
      expireClaims(t.ctx, demoGuildId, giveaway.messageId, secureRandomInt),
      t.ctx.jobs.runDue(),
    ]);
    const redraws = outcomes.slice(0, 2).filter((o) => typeof o === "object" && o.replaced.length > 0);
    expect(redraws.length).toBeLessThanOrEqual(1);
    const rows = await store.listWinners(t.ctx.storage.db, [id]);
    expect(rows).toHaveLength(6);
    expect(new Set(rows.map((w) => w.userId)).size).toBe(6);
    expect(rows.filter((w) => w.replacedAt == null)).toHaveLength(3);
    expect(await auditCount(t, "giveaway.claim_expired", giveaway.messageId)).toBe(1);
    const rerolls = (await outbox(t.ctx, "message.send")).filter(
      (m) => m.message.content?.includes("replaces") && m.message.content.includes("Reroll"),
    );
    const mine = rerolls.filter((m) => rows.some((w) => m.message.content?.includes(`<@${w.userId}>`)));
    expect(mine).toHaveLength(1);
  });

  it("times 10 unclaimed winners redrawn by the expiry job", async () => {
    const giveaway = await newGiveaway(t.ctx, { winnerCount: 10, claimWindow: 600 });
    await entered(t, giveaway.messageId, 30);
    await endGiveaway(t.ctx, demoGuildId, giveaway.messageId, { by: "manual", actor: owner });
    await expireDeadlines(t, giveaway.messageId);
    const cpu = process.cpuUsage();
    const started = performance.now();
    const outcome = await expireClaims(t.ctx, demoGuildId, giveaway.messageId, secureRandomInt);
    const ms = performance.now() - started;
    const cpuMs = (process.cpuUsage(cpu).user + process.cpuUsage(cpu).system) / 1000;
    expect(outcome.replaced.filter((r) => r.by !== null)).toHaveLength(10);
    console.log(
      `[figure] ${dialect}: claim expiry rerolled 10 unclaimed winners in ${ms.toFixed(1)} ms (cpu ${cpuMs.toFixed(1)} ms)`,
    );
  });

  it("a manual reroll of a claim giveaway gives the new winner a window and an expiry job", async () => {
    const giveaway = await newGiveaway(t.ctx, { winnerCount: 1, claimWindow: 900 });
    await entered(t, giveaway.messageId, 3);
    await endGiveaway(t.ctx, demoGuildId, giveaway.messageId, { by: "manual", actor: owner });
    const result = await rerollGiveaway(t.ctx, demoGuildId, giveaway.messageId, owner, { winnerCount: 1 });
    const deadline = result.newWinners[0]?.claimDeadline as number;
    expect(deadline).toBeGreaterThan(Date.now() + 800_000);
    const job = await t.ctx.storage.db
      .selectFrom("jobs")
      .select("status")
      .where("dedupe_key", "=", claimExpiryJobKey(giveaway.messageId, deadline))
      .executeTakeFirst();
    expect(job?.status).toBe("pending");
  });

  it("ends after N entries: a burst of 500 presses with maxEntries 100 stores exactly 100 and ends once", async () => {
    const giveaway = await newGiveaway(t.ctx, { maxEntries: 100, winnerCount: 3 });
    expect(giveaway.maxEntries).toBe(100);
    const members: string[] = [];
    for (let index = 0; index < 500; index++) members.push(await addMember(t.ctx));
    const cpu = process.cpuUsage();
    const started = performance.now();
    const results = await Promise.allSettled(
      members.map((id) => enterGiveaway(t.ctx, demoGuildId, giveaway.messageId, id)),
    );
    const ms = performance.now() - started;
    const used = process.cpuUsage(cpu);
    const accepted = results.filter((r) => r.status === "fulfilled");
    expect(accepted).toHaveLength(100);
    for (const refused of results.filter((r) => r.status === "rejected")) {
      expect((refused as PromiseRejectedResult).reason).toBeInstanceOf(AppError);
      expect(((refused as PromiseRejectedResult).reason as AppError).statusCode).toBe(409);
    }
    const id = (await store.findGiveaway(t.ctx.storage.db, demoGuildId, giveaway.messageId))?.id as number;
    const count = await t.ctx.storage.db
      .selectFrom("giveaway_entries")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("giveaway_id", "=", id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(100);
    await waitFor(
      async () =>
        (await store.findGiveaway(t.ctx.storage.db, demoGuildId, giveaway.messageId))?.status === "ended",
    );
    // Its jobs (the full end due now, and the end at the end time) find it ended.
    await t.ctx.storage.db
      .updateTable("jobs")
      .set({ run_at: Date.now() - 1000 })
      .where("dedupe_key", "in", [endJobKey(giveaway.messageId), `giveaway-full:${giveaway.messageId}`])
      .where("status", "=", "pending")
      .execute();
    await t.ctx.jobs.runDue();
    await waitFor(async () => (await auditCount(t, "giveaway.end", giveaway.messageId)) >= 1);
    expect(await auditCount(t, "giveaway.end", giveaway.messageId)).toBe(1);
    const winners = await store.listWinners(t.ctx.storage.db, [id]);
    expect(winners).toHaveLength(3);
    // One more press is refused: the giveaway has ended.
    expect(
      await statusOf(enterGiveaway(t.ctx, demoGuildId, giveaway.messageId, await addMember(t.ctx))),
    ).toBe(409);
    console.log(
      `[figure] ${dialect}: 500 concurrent entries with maxEntries 100 -> 100 stored, one end; ${ms.toFixed(0)} ms wall, cpu ${((used.user + used.system) / 1000).toFixed(0)} ms`,
    );
  });

  it("the end job re-run after a crash (lease expired, another worker) doesn't end or announce twice", async () => {
    const giveaway = await newGiveaway(t.ctx, { winnerCount: 1 });
    await entered(t, giveaway.messageId, 2);
    await makeDue(t.ctx, giveaway.messageId);
    // Two workers run the end at once (the first's lease ran out while it was still at it).
    const settled = await Promise.allSettled([
      endGiveaway(t.ctx, demoGuildId, giveaway.messageId, { by: "schedule" }),
      endGiveaway(t.ctx, demoGuildId, giveaway.messageId, { by: "schedule" }),
      t.ctx.jobs.runDue(),
    ]);
    expect(settled.filter((s) => s.status === "fulfilled").length).toBeGreaterThanOrEqual(2);
    expect(await auditCount(t, "giveaway.end", giveaway.messageId)).toBe(1);
    const announcements = (await outbox(t.ctx, "message.send")).filter((m) =>
      m.message.content?.startsWith("🎉 Congratulations"),
    );
    const id = (await store.findGiveaway(t.ctx.storage.db, demoGuildId, giveaway.messageId))?.id as number;
    const [winner] = await store.listWinners(t.ctx.storage.db, [id]);
    expect(announcements.filter((m) => m.message.content?.includes(`<@${winner?.userId}>`))).toHaveLength(1);
  });

  it("a draw's announcement repeated after a crash (post made, check not yet cancelled) is answered with the first post", async () => {
    const giveaway = await newGiveaway(t.ctx, { winnerCount: 1 });
    await entered(t, giveaway.messageId, 3);
    await endGiveaway(t.ctx, demoGuildId, giveaway.messageId, { by: "manual", actor: owner });
    const reroll = await rerollGiveaway(t.ctx, demoGuildId, giveaway.messageId, owner, { winnerCount: 1 });
    const mentions = (userId: string | undefined) =>
      outbox(t.ctx, "message.send").then((sent) =>
        sent.filter((m) => m.message.content?.includes(`<@${userId}>`) && m.message.content.includes("🎉")),
      );
    const id = (await store.findGiveaway(t.ctx.storage.db, demoGuildId, giveaway.messageId))?.id as number;
    const [first] = await store.listWinners(t.ctx.storage.db, [id]);
    expect(await mentions(first?.userId)).toHaveLength(1);
    expect(await mentions(reroll.newWinners[0]?.userId)).toHaveLength(1);
    // The process died after each post and before dropping the draw's safety check: the checks run.
    await announceDraw(t.ctx, demoGuildId, giveaway.messageId, 0);
    await announceDraw(t.ctx, demoGuildId, giveaway.messageId, 1);
    expect(await mentions(first?.userId)).toHaveLength(1);
    expect(await mentions(reroll.newWinners[0]?.userId)).toHaveLength(1);
    expect(await auditCount(t, "giveaway.reroll", giveaway.messageId)).toBe(1);
  });

  it("the reminder: posted once (a retry after a crash between post and mark reuses the post), moved by a pause", async () => {
    const giveaway = await newGiveaway(t.ctx, { duration: 7200, reminderBefore: 3600 });
    expect(giveaway.reminderBefore).toBe(3600);
    const at = giveaway.endTime - 3600_000;
    const key = reminderJobKey(giveaway.messageId, at);
    const pending = async (dedupeKey: string) =>
      (
        await t.ctx.storage.db
          .selectFrom("jobs")
          .select("status")
          .where("dedupe_key", "=", dedupeKey)
          .where("status", "=", "pending")
          .execute()
      ).length;
    expect(await pending(key)).toBe(1);

    // Paused: the reminder waits; resumed: it moves with the end.
    await pauseGiveaway(t.ctx, demoGuildId, giveaway.messageId, owner);
    expect(await pending(key)).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 30));
    const resumed = await resumeGiveaway(t.ctx, demoGuildId, giveaway.messageId, owner);
    const movedAt = resumed.endTime - 3600_000;
    expect(movedAt).toBeGreaterThan(at);
    expect(await pending(reminderJobKey(giveaway.messageId, movedAt))).toBe(1);
    // The old time's job (had it run) finds itself stale.
    expect(await remindGiveaway(t.ctx, demoGuildId, giveaway.messageId, at)).toBe("skipped");

    // Make it due: the end an hour minus a second away, the reminder's job at its time.
    const end = Date.now() + 3600_000 - 1000;
    await t.ctx.storage.db
      .updateTable("giveaways")
      .set({ end_time: end })
      .where("message_id", "=", giveaway.messageId)
      .execute();
    await t.ctx.storage.db
      .transaction()
      .execute((trx) => scheduleReminder(t.ctx, trx, demoGuildId, giveaway.messageId, end - 3600_000));
    // A worker posted it and died before marking it (its post carried the giveaway's nonce).
    const channel = await channelId(t.ctx);
    await t.ctx.discord.sendMessage(channel, {
      content: "⏰ Last chance",
      nonce: reminderNonce(giveaway.messageId),
    });
    expect(await t.ctx.jobs.runDue()).toBeGreaterThan(0);
    expect(await remindGiveaway(t.ctx, demoGuildId, giveaway.messageId, end - 3600_000)).toBe("skipped");
    const reminders = (await outbox(t.ctx, "message.send")).filter(
      (m) => m.message.content?.includes("Last chance") && m.channelId === channel,
    );
    const ours = reminders.filter(
      (m) => (m.message as { nonce?: string }).nonce === reminderNonce(giveaway.messageId),
    );
    expect(ours).toHaveLength(1);
    const row = await store.findGiveaway(t.ctx.storage.db, demoGuildId, giveaway.messageId);
    expect(row?.remindedAt).not.toBeNull();
  });

  it("posts the reminder with a link to the giveaway, and never for an ended giveaway", async () => {
    const giveaway = await newGiveaway(t.ctx, { duration: 7200, reminderBefore: 600 });
    const end = Date.now() + 600_000 - 1000;
    await t.ctx.storage.db
      .updateTable("giveaways")
      .set({ end_time: end })
      .where("message_id", "=", giveaway.messageId)
      .execute();
    expect(await remindGiveaway(t.ctx, demoGuildId, giveaway.messageId, end - 600_000)).toBe("posted");
    const sent = (await outbox(t.ctx, "message.send")).filter(
      (m) => (m.message as { nonce?: string }).nonce === reminderNonce(giveaway.messageId),
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]?.message.content).toContain("**Last chance!**");
    expect(JSON.stringify(sent[0]?.message.components)).toContain(
      `https://discord.com/channels/${demoGuildId}/${giveaway.channelId}/${giveaway.messageId}`,
    );

    const other = await newGiveaway(t.ctx, { duration: 7200, reminderBefore: 600 });
    await endGiveaway(t.ctx, demoGuildId, other.messageId, { by: "manual", actor: owner });
    expect(await remindGiveaway(t.ctx, demoGuildId, other.messageId, other.endTime - 600_000)).toBe(
      "skipped",
    );
  });
});
