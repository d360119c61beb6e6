import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  addMember,
  channelId,
  demoMembers,
  owner,
  roleId,
  outbox as sent,
} from "../../../test/fixtures/giveaways.ts";
import { createTestContext, demoGuildId, dialects, type TestContext } from "../../../test/helpers.ts";
import { DiscordError } from "../../discord/port/port.ts";
import { DatabaseJobQueue } from "../../jobs/queue.ts";
import { AppError } from "../../lib/errors.ts";
import { createLogger } from "../../lib/logger.ts";
import { seededRandom } from "../../lib/seeded-random.ts";
import { listAudit } from "../audit/service.ts";
import { updateSetup } from "../setup/service.ts";
import { registerLotteryJobs } from "./jobs.ts";
import { ticketButtonId } from "./messages.ts";
import {
  drawJobKey,
  drawLottery,
  drawLotteryWinner,
  getLotteryStatus,
  recoverLotteries,
  startLottery,
  takeTickets,
} from "./service.ts";
import * as store from "./store.ts";

async function statusOf(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
    return 200;
  } catch (error) {
    if (error instanceof AppError) return error.statusCode;
    throw error;
  }
}

const seeded = (seed: number) => {
  const next = seededRandom(seed);
  return (max: number) => Math.floor(next() * max);
};

describe("drawLotteryWinner", () => {
  it("draws nobody from an empty pool", async () => {
    expect(await drawLotteryWinner([])).toBeNull();
  });

  it("gives each member odds equal to their share of the tickets (20,000 seeded draws)", async () => {
    const pool = [
      { id: "a", entries: 1 },
      { id: "b", entries: 3 },
      { id: "c", entries: 6 },
    ];
    const random = seeded(42);
    const wins = new Map<string, number>();
    const draws = 20_000;
    for (let i = 0; i < draws; i++) {
      const winner = await drawLotteryWinner(pool, random);
      wins.set(winner?.id ?? "", (wins.get(winner?.id ?? "") ?? 0) + 1);
    }
    // Expected 10%, 30%, 60%; three standard deviations at n = 20,000 is under 1.1 points.
    expect((wins.get("a") ?? 0) / draws).toBeCloseTo(0.1, 1);
    expect(Math.abs((wins.get("b") ?? 0) / draws - 0.3)).toBeLessThan(0.011);
    expect(Math.abs((wins.get("c") ?? 0) / draws - 0.6)).toBeLessThan(0.011);
    expect(Math.abs((wins.get("a") ?? 0) / draws - 0.1)).toBeLessThan(0.007);
  });
});

describe.each(dialects)("lotteries on %s", (dialect) => {
  let t: TestContext;
  let events: string;
  // biome-ignore lint/suspicious/noExplicitAny: the recorded payloads are read as Discord got them
  const outbox = (action: string): Promise<any[]> => sent(t.ctx, action);

  beforeAll(async () => {
    t = await createTestContext({ dialect });
    registerLotteryJobs(t.ctx);
    events = await channelId(t.ctx, "events");
  });
  afterAll(() => t.cleanup());
  afterEach(() => vi.restoreAllMocks());
  beforeEach(async () => {
    // One running lottery per server: each test draws what the last one left.
    await drawLottery(t.ctx, demoGuildId, { by: "manual" }).catch(() => undefined);
  });

  const start = (maxTickets = 3, durationSeconds = 3600) =>
    startLottery(t.ctx, demoGuildId, owner, {
      prize: "5M coins",
      durationSeconds,
      maxTickets,
      channelId: events,
    });

  it("posts the lottery with its button, pings the events role only, and schedules the draw", async () => {
    const pingRole = await roleId(t.ctx, "Events Ping");
    await updateSetup(t.ctx, demoGuildId, { events: { pingRole } }, owner);
    const lottery = await start();
    const payload = (await outbox("message.send")).at(-1);
    expect(payload.message.content).toBe(`<@&${pingRole}>`);
    expect(payload.message.allowedMentions).toEqual({ roles: [pingRole] });
    expect(payload.message.embeds[0].title).toBe("🎟️ Lottery: 5M coins");
    expect(payload.message.embeds[0].description).toContain(`<t:${Math.floor(lottery.endTime / 1000)}:R>`);
    expect(payload.message.components[0][0]).toMatchObject({
      customId: ticketButtonId,
      label: "Take a ticket",
    });
    const job = await t.ctx.storage.db
      .selectFrom("jobs")
      .selectAll()
      .where("dedupe_key", "=", drawJobKey(lottery.id))
      .executeTakeFirstOrThrow();
    expect(Number(job.run_at)).toBe(lottery.endTime);
    await updateSetup(t.ctx, demoGuildId, { events: { pingRole: null } }, owner);
  });

  it("refuses a second running lottery in the server, and bad input with the field", async () => {
    await start();
    expect(await statusOf(start())).toBe(409);
    await drawLottery(t.ctx, demoGuildId, { by: "manual" });
    const bad = (input: Partial<Parameters<typeof startLottery>[3]>) =>
      startLottery(t.ctx, demoGuildId, owner, {
        prize: "x",
        durationSeconds: 3600,
        channelId: events,
        ...input,
      }).catch((error: AppError) => error.field);
    expect(await bad({ prize: "  " })).toBe("prize");
    expect(await bad({ durationSeconds: 10 })).toBe("duration");
    expect(await bad({ maxTickets: 101 })).toBe("max_tickets");
    expect(await bad({ channelId: "123456789012345678" })).toBe("channel");
  });

  it("takes tickets up to the per-member cap, then refuses", async () => {
    await start(3);
    const [member] = await demoMembers(t.ctx, 1);
    const userId = member as string;
    expect(await takeTickets(t.ctx, demoGuildId, userId, 2)).toMatchObject({ taken: 2, held: 2 });
    expect(await takeTickets(t.ctx, demoGuildId, userId, 5)).toMatchObject({ taken: 1, held: 3 });
    const refused = await takeTickets(t.ctx, demoGuildId, userId, 1).catch((error: AppError) => error);
    expect(refused).toMatchObject({
      statusCode: 409,
      message: expect.stringContaining("all 3 of your tickets"),
    });
    expect(await statusOf(takeTickets(t.ctx, demoGuildId, userId, 0))).toBe(400);
    const status = await getLotteryStatus(t.ctx, demoGuildId, userId);
    expect(status).toMatchObject({ tickets: 3, entrants: 1, mine: 3 });
  });

  it("never oversells under concurrency: 12 parallel takes against a cap of 5", async () => {
    await start(5);
    const [member] = await demoMembers(t.ctx, 1);
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, () => takeTickets(t.ctx, demoGuildId, member as string, 1)),
    );
    const granted = results.filter((result) => result.status === "fulfilled");
    expect(granted).toHaveLength(5);
    for (const result of results) {
      if (result.status === "rejected") expect((result.reason as AppError).statusCode).toBe(409);
    }
    expect((await getLotteryStatus(t.ctx, demoGuildId, member as string))?.mine).toBe(5);
  });

  it("refuses bots, non-members and tickets without a running lottery", async () => {
    await start();
    const bot = await addMember(t.ctx, { bot: true });
    expect(await statusOf(takeTickets(t.ctx, demoGuildId, bot, 1))).toBe(403);
    expect(await statusOf(takeTickets(t.ctx, demoGuildId, "123456789012345678", 1))).toBe(403);
    await drawLottery(t.ctx, demoGuildId, { by: "manual" });
    const [member] = await demoMembers(t.ctx, 1);
    expect(await statusOf(takeTickets(t.ctx, demoGuildId, member as string, 1))).toBe(404);
  });

  it("refuses a ticket by the button of an older lottery's message", async () => {
    const lottery = await start();
    const [member] = await demoMembers(t.ctx, 1);
    const stale = await takeTickets(t.ctx, demoGuildId, member as string, 1, {
      messageId: "123456789012345678",
    }).catch((error: AppError) => error);
    expect(stale).toMatchObject({
      statusCode: 409,
      message: expect.stringContaining("This lottery has ended"),
    });
    expect(
      await takeTickets(t.ctx, demoGuildId, member as string, 1, { messageId: lottery.messageId as string }),
    ).toMatchObject({ taken: 1 });
  });

  it("refuses tickets after the end time even before the draw job ran", async () => {
    const lottery = await start();
    const [member] = await demoMembers(t.ctx, 1);
    const late = lottery.endTime + 1;
    expect(await statusOf(takeTickets(t.ctx, demoGuildId, member as string, 1, { now: late }))).toBe(409);
  });

  it("draws exactly once however many callers race, and announces once with the odds", async () => {
    const lottery = await start(4);
    const members = await demoMembers(t.ctx, 3);
    for (const [index, userId] of members.entries()) await takeTickets(t.ctx, demoGuildId, userId, index + 1);
    const sentBefore = (await outbox("message.send")).length;
    const results = await Promise.allSettled([
      drawLottery(t.ctx, demoGuildId, { by: "manual", lotteryId: lottery.id }),
      drawLottery(t.ctx, demoGuildId, { by: "schedule", lotteryId: lottery.id }),
      drawLottery(t.ctx, demoGuildId, { by: "schedule", lotteryId: lottery.id }),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const ended = await store.findById(t.ctx.storage.db, demoGuildId, lottery.id);
    expect(ended).toMatchObject({ status: "ended", ticketsSold: 6, entrants: 3 });
    expect(members).toContain(ended?.winnerId);
    const announcements = (await outbox("message.send")).slice(sentBefore);
    expect(announcements).toHaveLength(1);
    const content = announcements[0]?.message.content as string;
    const held = ended?.winnerTickets ?? 0;
    expect(content).toContain(
      `<@${ended?.winnerId}> won with ${held} ticket${held === 1 ? "" : "s"} of 6 tickets`,
    );
    expect(content).toContain(`(${Number(((held / 6) * 100).toFixed(1))}% odds)`);
    expect(announcements[0]?.message.allowedMentions).toEqual({
      users: [ended?.winnerId],
    });
    // The message now shows the result and a disabled button.
    const edit = (await outbox("message.edit")).at(-1);
    expect(edit?.message.components[0][0].disabled).toBe(true);
    const audit = await listAudit(t.ctx.storage.db, demoGuildId, 5);
    expect(audit.filter((entry) => entry.action === "lottery.draw")[0]?.summary).toMatchObject({
      lotteryId: lottery.id,
      ticketsSold: 6,
    });
  });

  it("draws at the end time through the durable job, once, even on a restarted queue", async () => {
    const lottery = await start(2);
    const [member] = await demoMembers(t.ctx, 1);
    await takeTickets(t.ctx, demoGuildId, member as string, 2);
    await t.ctx.storage.db
      .updateTable("jobs")
      .set({ run_at: Date.now() - 1 })
      .where("dedupe_key", "=", drawJobKey(lottery.id))
      .execute();
    const restarted = new DatabaseJobQueue(t.ctx.storage, createLogger({ logLevel: "silent" }));
    registerLotteryJobs({ ...t.ctx, jobs: restarted });
    expect(await restarted.runDue()).toBeGreaterThanOrEqual(1);
    expect(await t.ctx.jobs.runDue()).toBe(0);
    expect(await store.findById(t.ctx.storage.db, demoGuildId, lottery.id)).toMatchObject({
      status: "ended",
      endedBy: "schedule",
      winnerId: member,
      winnerTickets: 2,
      ticketsSold: 2,
    });
    await restarted.stop();
  });

  it("recovers a lottery whose draw job was lost, and announces a draw that never was", async () => {
    const lottery = await start();
    await t.ctx.jobs.cancel(drawJobKey(lottery.id));
    await t.ctx.storage.db
      .updateTable("lotteries")
      .set({ end_time: Date.now() - 1 })
      .where("id", "=", lottery.id)
      .execute();
    await recoverLotteries(t.ctx);
    expect(await t.ctx.jobs.runDue()).toBeGreaterThanOrEqual(1);
    expect((await store.findById(t.ctx.storage.db, demoGuildId, lottery.id))?.status).toBe("ended");
  });

  it("retries the announcement after a transient Discord failure, without announcing twice", async () => {
    const lottery = await start();
    vi.spyOn(t.sandbox, "sendMessage").mockRejectedValueOnce(new DiscordError("unavailable", "down"));
    const before = (await outbox("message.send")).length;
    await drawLottery(t.ctx, demoGuildId, { by: "manual" });
    expect((await store.findById(t.ctx.storage.db, demoGuildId, lottery.id))?.announcedAt).toBeNull();
    await t.ctx.storage.db
      .updateTable("jobs")
      .set({ run_at: Date.now() - 1 })
      .where("dedupe_key", "=", `lottery-announce:${lottery.id}`)
      .execute();
    expect(await t.ctx.jobs.runDue()).toBe(1);
    expect(await t.ctx.jobs.runDue()).toBe(0);
    expect((await outbox("message.send")).length).toBe(before + 1);
  });

  it("a poster that dies between claiming the announcement and posting it leaves it to the check, which posts it once", async () => {
    const lottery = await start();
    // The first poster hangs forever at the post, as a process killed there would.
    vi.spyOn(t.sandbox, "sendMessage").mockImplementationOnce(() => new Promise(() => undefined));
    const before = (await outbox("message.send")).length;
    void drawLottery(t.ctx, demoGuildId, { by: "manual" });
    await vi.waitFor(async () => {
      const row = await store.findById(t.ctx.storage.db, demoGuildId, lottery.id);
      expect(row?.status).toBe("ended");
      const claimed = await t.ctx.storage.db
        .selectFrom("lotteries")
        .select("announce_claimed_at")
        .where("id", "=", lottery.id)
        .executeTakeFirstOrThrow();
      expect(claimed.announce_claimed_at).not.toBeNull();
    });
    const check = t.ctx.storage.db
      .selectFrom("jobs")
      .select(["id", "run_at"])
      .where("dedupe_key", "=", `lottery-announce-check:${lottery.id}`)
      .where("status", "=", "pending");
    const scheduled = await check.executeTakeFirstOrThrow();
    expect(Number(scheduled.run_at)).toBeGreaterThan(Date.now() + 55_000);
    // A start-up sweep while the claim still holds doesn't post it beside the (dead) poster.
    await recoverLotteries(t.ctx);
    expect((await outbox("message.send")).length).toBe(before);
    // The lease lapses and the check comes due: posted once, and recorded.
    await t.ctx.storage.db
      .updateTable("lotteries")
      .set({ announce_claimed_at: Date.now() - 61_000 })
      .where("id", "=", lottery.id)
      .execute();
    await t.ctx.storage.db
      .updateTable("jobs")
      .set({ run_at: Date.now() - 1 })
      .where("id", "=", scheduled.id)
      .execute();
    expect(await t.ctx.jobs.runDue()).toBe(1);
    const posts = (await outbox("message.send")).slice(before);
    expect(posts).toHaveLength(1);
    expect(posts[0]?.message.content).toContain("The lottery for");
    expect((await store.findById(t.ctx.storage.db, demoGuildId, lottery.id))?.announcedAt).not.toBeNull();
    expect(await check.executeTakeFirst()).toBeUndefined();
    expect(await t.ctx.jobs.runDue()).toBe(0);
  });

  it("draws nobody when no one took a ticket, and says so", async () => {
    await start();
    const drawn = await drawLottery(t.ctx, demoGuildId, { by: "manual" });
    expect(drawn).toMatchObject({ winnerId: null, ticketsSold: 0 });
    const content = (await outbox("message.send")).at(-1)?.message.content;
    expect(content).toContain("No one took a ticket, so there is no winner.");
  });
});
