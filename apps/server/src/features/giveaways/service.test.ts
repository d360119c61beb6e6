import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  addMember,
  channelId,
  demoMembers,
  makeDue,
  newGiveaway,
  outbox,
  owner,
  roleId,
} from "../../../test/fixtures/giveaways.ts";
import { createTestContext, demoGuildId, dialects, type TestContext } from "../../../test/helpers.ts";
import { DiscordError } from "../../discord/port/port.ts";
import { DatabaseJobQueue } from "../../jobs/queue.ts";
import { AppError } from "../../lib/errors.ts";
import { listAudit } from "../audit/service.ts";
import { updateSetup } from "../setup/service.ts";
import { enterGiveaway } from "./entries.ts";
import { registerGiveawayJobs, scheduleOverdueEnds } from "./jobs.ts";
import { enterButtonId } from "./messages.ts";
import { deleteGiveaway, endGiveaway, endJobKey, rerollGiveaway } from "./service.ts";
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

async function pendingEndJobs(t: TestContext, messageId: string) {
  return t.ctx.storage.db
    .selectFrom("jobs")
    .select(["status", "run_at"])
    .where("kind", "=", "giveaway.end")
    .where("payload", "like", `%${messageId}%`)
    .where("status", "=", "pending")
    .execute();
}

describe("giveaway lifecycle", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
    registerGiveawayJobs(t.ctx);
  });
  afterAll(() => t.cleanup());
  afterEach(() => vi.restoreAllMocks());

  it("posts the giveaway with an Enter button and a live end time, and schedules its end", async () => {
    const pingRole = await roleId(t.ctx, "Giveaway Ping");
    const [donor] = await demoMembers(t.ctx, 1);
    const before = Date.now();
    const giveaway = await newGiveaway(t.ctx, {
      prize: "Nitro",
      description: "Good luck!",
      winnerCount: 2,
      duration: 7200,
      donorId: donor,
      requirements: { minAccountAge: 30, minMemberAge: 0, minInvites: 3, requiredRoles: [pingRole] },
    });
    expect(giveaway).toMatchObject({
      guildId: demoGuildId,
      prize: "Nitro",
      description: "Good luck!",
      guildName: "Ember Hollow",
      hostId: owner.userId,
      donorId: donor,
      active: true,
      endedAt: null,
      entriesCount: 0,
      winners: 2,
      winnerCount: 2,
      inviteUrl: null,
      minAccountAge: 30,
      minMemberAge: 0,
      minInvites: 3,
      requiredRoles: [pingRole],
    });
    expect(giveaway.endTime).toBeGreaterThanOrEqual(before + 7_200_000);
    expect(giveaway.endTime).toBeLessThanOrEqual(Date.now() + 7_200_000);

    const sent = (await outbox(t.ctx, "message.send")).find((m) => m.messageId === giveaway.messageId);
    expect(sent?.channelId).toBe(await channelId(t.ctx));
    const embed = sent?.message.embeds?.[0];
    expect(embed?.title).toBe("🎉 Nitro");
    expect(embed?.description).toContain(`Ends <t:${Math.floor(giveaway.endTime / 1000)}:R>`);
    expect(embed?.description).toContain(`Donated by <@${donor}>`);
    expect(embed?.description).toContain("At least 3 invites");
    expect(embed?.description).toContain(`<@&${pingRole}>`);
    expect(sent?.message.components?.[0]?.[0]).toMatchObject({ customId: enterButtonId });
    expect(sent?.message.allowedMentions).toEqual({});

    const jobs = await pendingEndJobs(t, giveaway.messageId);
    expect(jobs).toEqual([{ status: "pending", run_at: giveaway.endTime }]);
    const [audit] = await listAudit(t.ctx.storage.db, demoGuildId, 1);
    expect(audit).toMatchObject({ action: "giveaway.create", actorUserId: owner.userId });
  });

  it("mentions the events ping role when it starts, and lets only that role ping", async () => {
    const eventsPing = await roleId(t.ctx, "Events Ping");
    await updateSetup(t.ctx, demoGuildId, { events: { pingRole: eventsPing } }, owner);
    try {
      await newGiveaway(t.ctx, { prize: "Pinged prize @everyone" });
      const sent = (await outbox(t.ctx, "message.send")).at(-1);
      expect(sent?.message.content).toBe(`<@&${eventsPing}>`);
      expect(sent?.message.allowedMentions).toEqual({ roles: [eventsPing] });
      expect(sent?.message.embeds?.[0]?.title).toBe("🎉 Pinged prize @everyone");
    } finally {
      await updateSetup(t.ctx, demoGuildId, { events: { pingRole: null } }, owner);
    }
  });

  it("deletes the posted message when storing the giveaway fails", async () => {
    const db = new Proxy(t.ctx.storage.db, {
      get: (target, property) =>
        property === "transaction"
          ? () => {
              throw new Error("disk full");
            }
          : // Bound, so reads before the transaction (the cap check) still work through the proxy.
            ((value: unknown) => (typeof value === "function" ? value.bind(target) : value))(
              Reflect.get(target, property),
            ),
    });
    const failing = { ...t.ctx, storage: { ...t.ctx.storage, db } };
    await expect(newGiveaway(failing, { prize: "Doomed" })).rejects.toThrow("disk full");
    const sent = (await outbox(t.ctx, "message.send")).at(-1);
    const deleted = (await outbox(t.ctx, "message.delete")).at(-1);
    expect(sent?.message.embeds?.[0]?.title).toBe("🎉 Doomed");
    expect(deleted?.messageId).toBe(sent?.messageId);
  });

  it("ends with a weighted draw, edits the message and pings only the winners and the host", async () => {
    const giveaway = await newGiveaway(t.ctx, { winnerCount: 2 });
    const members = await demoMembers(t.ctx, 5);
    for (const member of members) await enterGiveaway(t.ctx, demoGuildId, giveaway.messageId, member);
    const ended = await endGiveaway(t.ctx, demoGuildId, giveaway.messageId, { by: "manual", actor: owner });
    expect(ended.active).toBe(false);
    expect(ended.endedAt).toBeGreaterThan(0);
    if (!Array.isArray(ended.winners)) throw new Error("winners should be a list once ended");
    expect(ended.winners).toHaveLength(2);
    const winnerIds = ended.winners.map((winner) => winner.userId);
    expect(new Set(winnerIds).size).toBe(2);
    for (const id of winnerIds) expect(members).toContain(id);
    expect(ended.winners[0]).toMatchObject({ entries: 1, draw: 0, wonAt: ended.endedAt });

    const edit = (await outbox(t.ctx, "message.edit")).at(-1);
    expect(edit?.messageId).toBe(giveaway.messageId);
    expect(edit?.message.embeds?.[0]?.description).toContain(
      `Winners: <@${winnerIds[0]}>, <@${winnerIds[1]}>`,
    );
    expect(edit?.message.components?.[0]?.[0]).toMatchObject({ disabled: true });
    const announcement = (await outbox(t.ctx, "message.send")).at(-1);
    expect(announcement?.message.content).toContain(`<@${winnerIds[0]}>`);
    // The host (the creator here) hears the results with the winners; no one else is pinged.
    expect(announcement?.message.content).toContain(`Hosted by <@${ended.hostId}>`);
    expect(announcement?.message.allowedMentions).toEqual({
      users: [...winnerIds, ...(winnerIds.includes(ended.hostId) ? [] : [ended.hostId])],
    });
    // The manual end took the scheduled job out.
    expect(await pendingEndJobs(t, giveaway.messageId)).toEqual([]);
    expect(await statusOf(endGiveaway(t.ctx, demoGuildId, giveaway.messageId, { by: "manual" }))).toBe(409);
  });

  it("ends with no winner when no one entered, and says so", async () => {
    const giveaway = await newGiveaway(t.ctx, { prize: "Lonely prize" });
    const ended = await endGiveaway(t.ctx, demoGuildId, giveaway.messageId, { by: "manual", actor: owner });
    expect(ended.winners).toEqual([]);
    const announcement = (await outbox(t.ctx, "message.send")).at(-1);
    expect(announcement?.message.content).toContain("no one entered");
    expect(announcement?.message.allowedMentions).toEqual({ users: [ended.hostId] });
  });

  it("ends at its end time through the job queue", async () => {
    const giveaway = await newGiveaway(t.ctx);
    const [member] = await demoMembers(t.ctx, 1);
    await enterGiveaway(t.ctx, demoGuildId, giveaway.messageId, member as string);
    await t.ctx.jobs.runDue();
    expect((await store.findGiveaway(t.ctx.storage.db, demoGuildId, giveaway.messageId))?.status).toBe(
      "active",
    );
    await makeDue(t.ctx, giveaway.messageId);
    await t.ctx.jobs.runDue();
    const found = await store.findGiveaway(t.ctx.storage.db, demoGuildId, giveaway.messageId);
    expect(found?.status).toBe("ended");
    expect((await store.listWinners(t.ctx.storage.db, [found?.id ?? 0])).map((w) => w.userId)).toEqual([
      member,
    ]);
    const [audit] = await listAudit(t.ctx.storage.db, demoGuildId, 1);
    expect(audit).toMatchObject({ action: "giveaway.end", actorUserId: null, summary: { by: "schedule" } });
  });

  it("rerolls only ended giveaways, never redrawing a winner, until no one is left", async () => {
    const giveaway = await newGiveaway(t.ctx, { winnerCount: 1 });
    const members = await demoMembers(t.ctx, 4);
    for (const member of members) await enterGiveaway(t.ctx, demoGuildId, giveaway.messageId, member);
    expect(await statusOf(rerollGiveaway(t.ctx, demoGuildId, giveaway.messageId, owner))).toBe(409);
    await endGiveaway(t.ctx, demoGuildId, giveaway.messageId, { by: "manual", actor: owner });

    const first = await rerollGiveaway(t.ctx, demoGuildId, giveaway.messageId, owner);
    expect(first.newWinners).toHaveLength(1);
    expect(first.newWinners[0]?.draw).toBe(1);
    const announcement = (await outbox(t.ctx, "message.send")).at(-1);
    expect(announcement?.message.content).toContain("Reroll");
    expect(announcement?.message.allowedMentions).toEqual({ users: [first.newWinners[0]?.userId] });

    // Two more asked, only two left: both drawn.
    const second = await rerollGiveaway(t.ctx, demoGuildId, giveaway.messageId, owner, { winnerCount: 5 });
    expect(second.newWinners).toHaveLength(2);
    if (!Array.isArray(second.winners)) throw new Error("winners should be a list");
    expect(second.winners.map((w) => w.userId).toSorted()).toEqual(members.toSorted());
    expect(second.winners.map((w) => w.draw)).toEqual([0, 1, 2, 2]);
    expect(await statusOf(rerollGiveaway(t.ctx, demoGuildId, giveaway.messageId, owner))).toBe(409);
  });

  it("never redraws a previous winner over many rerolls", async () => {
    const giveaway = await newGiveaway(t.ctx, { winnerCount: 3 });
    const members = await demoMembers(t.ctx, 30);
    for (const member of members) await enterGiveaway(t.ctx, demoGuildId, giveaway.messageId, member);
    await endGiveaway(t.ctx, demoGuildId, giveaway.messageId, { by: "manual", actor: owner });
    for (let round = 0; round < 9; round++) {
      await rerollGiveaway(t.ctx, demoGuildId, giveaway.messageId, owner, { winnerCount: 3 });
    }
    const found = await store.findGiveaway(t.ctx.storage.db, demoGuildId, giveaway.messageId);
    const winners = await store.listWinners(t.ctx.storage.db, [found?.id ?? 0]);
    expect(winners).toHaveLength(30);
    expect(new Set(winners.map((w) => w.userId)).size).toBe(30);
  });

  it("deletes the record, the end job and the message; a missing message is fine", async () => {
    const giveaway = await newGiveaway(t.ctx);
    const [member] = await demoMembers(t.ctx, 1);
    await enterGiveaway(t.ctx, demoGuildId, giveaway.messageId, member as string);
    await deleteGiveaway(t.ctx, demoGuildId, giveaway.messageId, owner);
    expect(await store.findGiveaway(t.ctx.storage.db, demoGuildId, giveaway.messageId)).toBeNull();
    expect(await pendingEndJobs(t, giveaway.messageId)).toEqual([]);
    expect((await outbox(t.ctx, "message.delete")).at(-1)?.messageId).toBe(giveaway.messageId);
    expect(await statusOf(deleteGiveaway(t.ctx, demoGuildId, giveaway.messageId, owner))).toBe(404);

    const gone = await newGiveaway(t.ctx);
    await t.ctx.discord.deleteMessage(await channelId(t.ctx), gone.messageId);
    await deleteGiveaway(t.ctx, demoGuildId, gone.messageId, owner);
    expect(await store.findGiveaway(t.ctx.storage.db, demoGuildId, gone.messageId)).toBeNull();
  });

  it("still announces when the giveaway message was deleted, and retries when Discord is down", async () => {
    const giveaway = await newGiveaway(t.ctx, { prize: "Resilient" });
    const [member] = await demoMembers(t.ctx, 1);
    await enterGiveaway(t.ctx, demoGuildId, giveaway.messageId, member as string);
    await t.ctx.storage.db
      .updateTable("sandbox_messages")
      .set({ deleted_at: Date.now() })
      .where("id", "=", giveaway.messageId)
      .execute();
    await endGiveaway(t.ctx, demoGuildId, giveaway.messageId, { by: "manual", actor: owner });
    expect((await outbox(t.ctx, "message.send")).at(-1)?.message.content).toContain("Resilient");

    const flaky = await newGiveaway(t.ctx, { prize: "Flaky" });
    const send = vi
      .spyOn(t.ctx.discord, "sendMessage")
      .mockRejectedValueOnce(new DiscordError("unavailable", "Discord is down"));
    await endGiveaway(t.ctx, demoGuildId, flaky.messageId, { by: "manual", actor: owner });
    expect(send).toHaveBeenCalledTimes(1);
    const retry = await t.ctx.storage.db
      .selectFrom("jobs")
      .selectAll()
      .where("kind", "=", "giveaway.announce")
      .where("status", "=", "pending")
      .executeTakeFirstOrThrow();
    await t.ctx.storage.db.updateTable("jobs").set({ run_at: 0 }).where("id", "=", retry.id).execute();
    await t.ctx.jobs.runDue();
    expect((await outbox(t.ctx, "message.send")).at(-1)?.message.content).toContain("Flaky");
  });

  it("a process that dies between the draw and its announcement leaves the announcement to a check job", async () => {
    const giveaway = await newGiveaway(t.ctx, { prize: "Orphaned draw" });
    const [member] = await demoMembers(t.ctx, 1);
    await enterGiveaway(t.ctx, demoGuildId, giveaway.messageId, member as string);
    const check = t.ctx.storage.db
      .selectFrom("jobs")
      .select(["id", "run_at"])
      .where("dedupe_key", "=", `giveaway-announce-check:${giveaway.messageId}:0`)
      .where("status", "=", "pending");
    // The first announcer hangs forever at its first Discord call, as a process killed there would.
    vi.spyOn(t.ctx.discord, "editMessage").mockImplementationOnce(() => new Promise(() => undefined));
    const before = (await outbox(t.ctx, "message.send")).length;
    void endGiveaway(t.ctx, demoGuildId, giveaway.messageId, { by: "manual", actor: owner });
    // The draw committed with its check job in the same transaction, due after two minutes: inside
    // the few minutes Discord remembers the announcement's nonce for.
    const scheduled = await vi.waitFor(() => check.executeTakeFirstOrThrow());
    expect(Number(scheduled.run_at)).toBeGreaterThan(Date.now() + 90_000);
    expect(Number(scheduled.run_at)).toBeLessThan(Date.now() + 3 * 60_000);
    expect(await statusOf(endGiveaway(t.ctx, demoGuildId, giveaway.messageId, { by: "schedule" }))).toBe(409);
    expect((await outbox(t.ctx, "message.send")).length).toBe(before);
    await t.ctx.storage.db.updateTable("jobs").set({ run_at: 0 }).where("id", "=", scheduled.id).execute();
    expect(await t.ctx.jobs.runDue()).toBe(1);
    const posts = (await outbox(t.ctx, "message.send")).slice(before);
    expect(posts).toHaveLength(1);
    expect(posts[0]?.message.content).toContain(`<@${member}>`);
  });

  it("drops the check once the draw is announced", async () => {
    const giveaway = await newGiveaway(t.ctx, { prize: "Announced at once" });
    await endGiveaway(t.ctx, demoGuildId, giveaway.messageId, { by: "manual", actor: owner });
    const pending = await t.ctx.storage.db
      .selectFrom("jobs")
      .select("id")
      .where("kind", "=", "giveaway.announce")
      .where("status", "=", "pending")
      .where("payload", "like", `%${giveaway.messageId}%`)
      .execute();
    expect(pending).toEqual([]);
  });

  it("refuses another server's giveaway as not found", async () => {
    const giveaway = await newGiveaway(t.ctx);
    const other = "222222222222222222";
    expect(await statusOf(endGiveaway(t.ctx, other, giveaway.messageId, { by: "manual" }))).toBe(404);
    expect(await statusOf(rerollGiveaway(t.ctx, other, giveaway.messageId, owner))).toBe(404);
    expect(await statusOf(deleteGiveaway(t.ctx, other, giveaway.messageId, owner))).toBe(404);
  });
});

async function endJobStatus(t: TestContext, messageId: string): Promise<string | undefined> {
  const row = await t.ctx.storage.db
    .selectFrom("jobs")
    .select("status")
    .where("kind", "=", "giveaway.end")
    .where("payload", "like", `%${messageId}%`)
    .orderBy("id", "desc")
    .executeTakeFirst();
  return row?.status;
}

/** Polls until `check` holds, failing after a deadline. */
async function until(check: () => Promise<boolean>, deadlineMs = 5000): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met before the deadline");
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** How many winner announcements the sandbox has sent so far. */
async function congratulations(t: TestContext): Promise<number> {
  const sent = await outbox(t.ctx, "message.send");
  return sent.filter((message) => message.message.content?.includes("Congratulations")).length;
}

describe.each(dialects)("exactly-once end on %s", (dialect) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ dialect });
    registerGiveawayJobs(t.ctx);
  });
  afterAll(() => t.cleanup());

  it("draws once when the manual end and the scheduled job fire together, every time", async () => {
    const members = await demoMembers(t.ctx, 6);
    let announced = await congratulations(t);
    for (let round = 0; round < 15; round++) {
      const giveaway = await newGiveaway(t.ctx, { winnerCount: 2 });
      for (const member of members) await enterGiveaway(t.ctx, demoGuildId, giveaway.messageId, member);
      await makeDue(t.ctx, giveaway.messageId);
      const manualEnd = () =>
        endGiveaway(t.ctx, demoGuildId, giveaway.messageId, { by: "manual", actor: owner });
      // A third of the rounds fire all three at once; a third fire the manual ends as soon as the job
      // is claimed, while its handler is on its way to the gate; in the last third the job has ended
      // the giveaway before the manual ends arrive. Which side wins a race depends on the machine's
      // timing (a loaded one let the manual ends win all of them); the last third makes sure the
      // scheduled end wins some rounds, so both orders are always checked.
      const job = t.ctx.jobs.runDue();
      if (round % 3 === 1) await until(async () => (await endJobStatus(t, giveaway.messageId)) !== "pending");
      if (round % 3 === 2) await job;
      const [jobs, manual, again] = await Promise.allSettled([job, manualEnd(), manualEnd()]);
      expect(jobs?.status).toBe("fulfilled");
      const manualEnds = [manual, again].filter((result) => result?.status === "fulfilled");
      for (const result of [manual, again]) {
        if (result?.status === "rejected") expect((result.reason as AppError).statusCode).toBe(409);
      }
      expect(manualEnds.length).toBeLessThanOrEqual(round % 3 === 2 ? 0 : 1);

      const found = await store.findGiveaway(t.ctx.storage.db, demoGuildId, giveaway.messageId);
      const winners = await store.listWinners(t.ctx.storage.db, [found?.id ?? 0]);
      expect(winners).toHaveLength(2);
      const ends = (await listAudit(t.ctx.storage.db, demoGuildId, 200)).filter(
        (entry) => entry.action === "giveaway.end" && entry.summary.messageId === giveaway.messageId,
      );
      expect(ends).toHaveLength(1);
      expect(await congratulations(t)).toBe(++announced);
    }
    // Both sides won some rounds, so both orders were exercised.
    const ends = (await listAudit(t.ctx.storage.db, demoGuildId, 500)).filter(
      (e) => e.action === "giveaway.end",
    );
    expect(new Set(ends.map((entry) => entry.summary.by))).toEqual(new Set(["manual", "schedule"]));
  });

  it("ends once after a restart, for a giveaway that fell due while the process was down", async () => {
    const giveaway = await newGiveaway(t.ctx);
    const [member] = await demoMembers(t.ctx, 1);
    await enterGiveaway(t.ctx, demoGuildId, giveaway.messageId, member as string);
    await makeDue(t.ctx, giveaway.messageId);

    // A new process: a fresh queue on the same database, its handlers registered at start.
    const restarted = { ...t.ctx, jobs: new DatabaseJobQueue(t.ctx.storage, t.ctx.logger) };
    const announcedBefore = await congratulations(t);
    registerGiveawayJobs(restarted);
    expect(await restarted.jobs.runDue()).toBeGreaterThanOrEqual(1);
    // The start-up sweep may race the job and add a no-op one; run until nothing is left.
    while ((await restarted.jobs.runDue()) > 0) {}
    const found = await store.findGiveaway(t.ctx.storage.db, demoGuildId, giveaway.messageId);
    expect(found?.status).toBe("ended");
    expect(await store.listWinners(t.ctx.storage.db, [found?.id ?? 0])).toHaveLength(1);
    const ends = (await listAudit(t.ctx.storage.db, demoGuildId, 50)).filter(
      (entry) => entry.action === "giveaway.end" && entry.summary.messageId === giveaway.messageId,
    );
    expect(ends).toHaveLength(1);
    expect(await congratulations(t)).toBe(announcedBefore + 1);
  });

  it("re-schedules the end of an overdue giveaway whose job was lost", async () => {
    const giveaway = await newGiveaway(t.ctx);
    await makeDue(t.ctx, giveaway.messageId);
    await t.ctx.jobs.cancel(endJobKey(giveaway.messageId));
    expect(await scheduleOverdueEnds(t.ctx)).toBe(1);
    expect(await scheduleOverdueEnds(t.ctx)).toBe(0);
    expect(await pendingEndJobs(t, giveaway.messageId)).toHaveLength(1);
    await t.ctx.jobs.runDue();
    expect((await store.findGiveaway(t.ctx.storage.db, demoGuildId, giveaway.messageId))?.status).toBe(
      "ended",
    );
    expect(await scheduleOverdueEnds(t.ctx)).toBe(0);
  });

  it("weights the real draw by entries", async () => {
    const gold = await roleId(t.ctx, "Gold");
    const { putGiveawayConfig } = await import("./config.ts");
    await putGiveawayConfig(t.ctx, demoGuildId, owner, {
      bypassRoles: [],
      blacklistRoles: [],
      multiplierRoles: [{ roleId: gold, multiplier: 9 }],
    });
    const heavy = await addMember(t.ctx, { roleIds: [gold] });
    const light = await addMember(t.ctx);
    let heavyWins = 0;
    const rounds = 40;
    for (let round = 0; round < rounds; round++) {
      const giveaway = await newGiveaway(t.ctx);
      await enterGiveaway(t.ctx, demoGuildId, giveaway.messageId, heavy);
      await enterGiveaway(t.ctx, demoGuildId, giveaway.messageId, light);
      const ended = await endGiveaway(t.ctx, demoGuildId, giveaway.messageId, { by: "manual" });
      if (Array.isArray(ended.winners) && ended.winners[0]?.userId === heavy) heavyWins++;
    }
    // 90% expected; fewer than 28 of 40 has a probability below 0.01%.
    expect(heavyWins).toBeGreaterThanOrEqual(28);
    await putGiveawayConfig(t.ctx, demoGuildId, owner, {
      bypassRoles: [],
      blacklistRoles: [],
      multiplierRoles: [],
    });
  });
});
