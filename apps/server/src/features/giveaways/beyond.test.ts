import { serverCaps } from "@hearth/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addMember,
  channelId,
  demoMembers,
  newGiveaway,
  outbox,
  owner,
  roleId,
} from "../../../test/fixtures/giveaways.ts";
import { createTestContext, demoGuildId, dialects, type TestContext } from "../../../test/helpers.ts";
import { AppError } from "../../lib/errors.ts";
import { listAudit } from "../audit/service.ts";
import { updateSetup } from "../setup/service.ts";
import { blockMember, listEntrants, removeEntrant } from "./entrants.ts";
import { enterGiveaway } from "./entries.ts";
import { registerGiveawayJobs } from "./jobs.ts";
import {
  cancelSchedule,
  createOrSchedule,
  endGiveaway,
  listSchedules,
  pauseGiveaway,
  rerollGiveaway,
  resumeGiveaway,
  startScheduledRun,
  updateSchedule,
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

const minute = 60_000;

async function schedule(t: TestContext, extra: Record<string, unknown> = {}) {
  const result = await createOrSchedule(t.ctx, demoGuildId, owner, {
    channelId: await channelId(t.ctx),
    prize: "Later prize",
    winnerCount: 1,
    duration: 3600,
    startsAt: Date.now() + 2 * 60 * minute,
    ...extra,
  });
  if (!("scheduled" in result)) throw new Error("expected a schedule");
  return result.scheduled;
}

/** Moves a schedule's next run and its start job into the past. */
async function makeRunDue(t: TestContext, id: string) {
  const past = Date.now() - 1000;
  await t.ctx.storage.db
    .updateTable("giveaway_schedules")
    .set({ next_run_at: past })
    .where("id", "=", Number(id))
    .execute();
  await t.ctx.storage.db
    .updateTable("jobs")
    .set({ run_at: past })
    .where("dedupe_key", "like", `giveaway-start:${id}:%`)
    .where("status", "=", "pending")
    .execute();
}

async function runsOf(t: TestContext, id: string) {
  return t.ctx.storage.db
    .selectFrom("giveaways")
    .select(["message_id", "run_number", "ping_role_id"])
    .where("schedule_id", "=", Number(id))
    .orderBy("run_number")
    .execute();
}

describe.each(dialects)("giveaways beyond the seed on %s", (dialect) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ dialect });
    registerGiveawayJobs(t.ctx);
  });
  afterAll(() => t.cleanup());

  it("schedules a start: nothing is posted, it counts toward the cap, and its job posts it once", async () => {
    const sentBefore = (await outbox(t.ctx, "message.send")).length;
    const planned = await schedule(t);
    expect(planned).toMatchObject({ status: "scheduled", runs: 0, recurrence: null });
    expect(planned.nextRunAt).toBeGreaterThan(Date.now());
    expect((await outbox(t.ctx, "message.send")).length).toBe(sentBefore);
    expect((await listSchedules(t.ctx, demoGuildId)).map((s) => s.id)).toContain(planned.id);

    await makeRunDue(t, planned.id);
    expect(await t.ctx.jobs.runDue()).toBeGreaterThan(0);
    // The same run again (a repeated job, a second worker): nothing more is posted.
    await startScheduledRun(t.ctx, demoGuildId, Number(planned.id), 1);
    const runs = await runsOf(t, planned.id);
    expect(runs).toHaveLength(1);
    const posted = (await outbox(t.ctx, "message.send")).filter((m) => m.messageId === runs[0]?.message_id);
    expect(posted).toHaveLength(1);
    const after = (await listSchedules(t.ctx, demoGuildId)).find((s) => s.id === planned.id);
    expect(after).toBeUndefined();
  });

  it("posts a run once when the attempt that posted died before storing it (the nonce answers the same message)", async () => {
    const planned = await schedule(t, { prize: "Crashy" });
    await makeRunDue(t, planned.id);
    // An attempt posted the run (with the run's nonce) and died before storing it.
    const earlier = await t.ctx.discord.sendMessage(await channelId(t.ctx), {
      embeds: [{ title: "🎉 Crashy" }],
      nonce: `gs${planned.id}r1`,
    });
    await startScheduledRun(t.ctx, demoGuildId, Number(planned.id), 1);
    const runs = await runsOf(t, planned.id);
    expect(runs).toHaveLength(1);
    const sends = (await outbox(t.ctx, "message.send")).filter(
      (m) => m.message.embeds?.[0]?.title === "🎉 Crashy",
    );
    expect(sends).toHaveLength(1);
    expect(sends[0]?.messageId).toBe(runs[0]?.message_id);
    expect(runs[0]?.message_id).toBe(earlier.id);
  });

  it("edits, moves and cancels a scheduled start", async () => {
    const planned = await schedule(t);
    const later = Date.now() + 5 * 60 * minute;
    const edited = await updateSchedule(t.ctx, demoGuildId, Number(planned.id), owner, {
      prize: "Edited prize",
      winnerCount: 3,
      startsAt: later,
    });
    expect(edited.settings).toMatchObject({ prize: "Edited prize", winnerCount: 3 });
    expect(edited.nextRunAt).toBe(later);
    const jobs = await t.ctx.storage.db
      .selectFrom("jobs")
      .select(["run_at"])
      .where("dedupe_key", "like", `giveaway-start:${planned.id}:1:%`)
      .where("status", "=", "pending")
      .execute();
    expect(jobs.map((job) => Number(job.run_at))).toEqual([later]);
    expect(
      await statusOf(updateSchedule(t.ctx, demoGuildId, Number(planned.id), owner, { startsAt: 1000 })),
    ).toBe(400);
    await cancelSchedule(t.ctx, demoGuildId, Number(planned.id), owner);
    expect(await statusOf(cancelSchedule(t.ctx, demoGuildId, Number(planned.id), owner))).toBe(409);
    await startScheduledRun(t.ctx, demoGuildId, Number(planned.id), 1);
    expect(await runsOf(t, planned.id)).toEqual([]);
    const audit = await listAudit(t.ctx.storage.db, demoGuildId, 5);
    expect(audit.map((entry) => entry.action)).toContain("giveaway.schedule.cancel");
  });

  it("runs a series again and again, pauses and resumes it, and stops it keeping its runs", async () => {
    const series = await schedule(t, { prize: "Daily coins", recurrence: { every: 1, unit: "days" } });
    await makeRunDue(t, series.id);
    await t.ctx.jobs.runDue();
    let listed = (await listSchedules(t.ctx, demoGuildId)).find((s) => s.id === series.id);
    expect(listed).toMatchObject({ status: "scheduled", runs: 1 });
    expect(listed?.nextRunAt).toBeGreaterThan(Date.now() + 23 * 60 * minute);
    expect(listed?.pastRuns).toHaveLength(1);

    const paused = await updateSchedule(t.ctx, demoGuildId, Number(series.id), owner, { paused: true });
    expect(paused.status).toBe("paused");
    await makeRunDue(t, series.id);
    await startScheduledRun(t.ctx, demoGuildId, Number(series.id), 2);
    expect(await runsOf(t, series.id)).toHaveLength(1);
    const resumed = await updateSchedule(t.ctx, demoGuildId, Number(series.id), owner, {
      paused: false,
      prize: "Daily coins v2",
    });
    expect(resumed.status).toBe("scheduled");
    expect(resumed.nextRunAt).toBeGreaterThan(Date.now());
    await makeRunDue(t, series.id);
    await t.ctx.jobs.runDue();
    const runs = await runsOf(t, series.id);
    expect(runs.map((run) => run.run_number)).toEqual([1, 2]);
    const second = await store.findGiveaway(t.ctx.storage.db, demoGuildId, runs[1]?.message_id ?? "");
    expect(second?.prize).toBe("Daily coins v2");

    await cancelSchedule(t.ctx, demoGuildId, Number(series.id), owner);
    listed = (await listSchedules(t.ctx, demoGuildId)).find((s) => s.id === series.id);
    expect(listed).toMatchObject({ status: "done", nextRunAt: null, runs: 2 });
  });

  it("counts scheduled giveaways toward the running-giveaway cap", async () => {
    const running = (await store.countByStatus(t.ctx.storage.db, demoGuildId)).active;
    const pending = (await listSchedules(t.ctx, demoGuildId)).filter((s) => s.status === "scheduled").length;
    const room = serverCaps.giveaways.max - running - pending;
    const fill = t.ctx.storage.db.insertInto("giveaway_schedules");
    const now = Date.now();
    await fill
      .values(
        Array.from({ length: room }, () => ({
          server_id: demoGuildId,
          channel_id: "1",
          settings: "{}",
          recurrence: null,
          status: "scheduled" as const,
          next_run_at: now + 86_400_000,
          runs: 0,
          created_by: owner.userId,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    expect(await statusOf(schedule(t))).toBe(409);
    expect(await statusOf(newGiveaway(t.ctx))).toBe(409);
    await t.ctx.storage.db.deleteFrom("giveaway_schedules").where("settings", "=", "{}").execute();
  });

  it("pings the chosen role, the events ping role by default, or none; announces in the winners channel and DMs winners", async () => {
    const eventsRole = await roleId(t.ctx, "Giveaway Ping");
    await updateSetup(t.ctx, demoGuildId, { events: { pingRole: eventsRole } }, owner);
    const byDefault = await newGiveaway(t.ctx);
    expect(byDefault.pingRoleId).toBe(eventsRole);
    const none = await newGiveaway(t.ctx, { pingRoleId: null });
    expect(none.pingRoleId).toBeNull();
    const post = (await outbox(t.ctx, "message.send")).find((m) => m.messageId === none.messageId);
    expect(post?.message.allowedMentions).toEqual({});

    const winnersChannel = await channelId(t.ctx, "general");
    const [host] = await demoMembers(t.ctx, 1);
    const giveaway = await newGiveaway(t.ctx, {
      prize: "DM prize",
      description: "Code: ABCD-1234",
      winnersChannelId: winnersChannel,
      hostId: host,
      dmWinners: true,
    });
    const entrant = await addMember(t.ctx);
    await enterGiveaway(t.ctx, demoGuildId, giveaway.messageId, entrant);
    await endGiveaway(t.ctx, demoGuildId, giveaway.messageId, { by: "manual", actor: owner });
    const announcement = (await outbox(t.ctx, "message.send")).at(-1);
    const dms = await outbox(t.ctx, "dm.send");
    const dm = dms.at(-1) as unknown as
      | { userId?: string; message: { embeds?: { description?: string }[] } }
      | undefined;
    expect(dm?.message.embeds?.[0]?.description).toContain("Code: ABCD-1234");
    const sends = await outbox(t.ctx, "message.send");
    const result = sends.filter((m) => m.channelId === winnersChannel).at(-1);
    expect(result?.message.content).toContain(`<@${entrant}>`);
    expect(result?.message.content).toContain(`Hosted by <@${host}>`);
    expect(result?.message.allowedMentions).toEqual({ users: [entrant, host] });
    void announcement;
  });

  it("rerolls one named winner, all of them, or more, never drawing a past winner, and says who replaced whom", async () => {
    const giveaway = await newGiveaway(t.ctx, { winnerCount: 2 });
    const members = await Promise.all(Array.from({ length: 8 }, () => addMember(t.ctx)));
    for (const member of members) await enterGiveaway(t.ctx, demoGuildId, giveaway.messageId, member);
    const ended = await endGiveaway(t.ctx, demoGuildId, giveaway.messageId, { by: "manual", actor: owner });
    if (!Array.isArray(ended.winners)) throw new Error("winners expected");
    const [first, second] = ended.winners.map((w) => w.userId) as [string, string];

    const one = await rerollGiveaway(t.ctx, demoGuildId, giveaway.messageId, owner, { replace: first });
    expect(one.newWinners).toHaveLength(1);
    expect(one.newWinners[0]?.replaces).toBe(first);
    const replacement = one.newWinners[0]?.userId as string;
    expect([first, second]).not.toContain(replacement);
    const standing = (one.winners as { userId: string; replacedAt?: number | null }[]).filter(
      (w) => !w.replacedAt,
    );
    expect(standing.map((w) => w.userId).sort()).toEqual([second, replacement].sort());
    const announcement = (await outbox(t.ctx, "message.send")).at(-1);
    expect(announcement?.message.content).toContain(`<@${replacement}> replaces <@${first}>`);
    expect(announcement?.message.allowedMentions).toEqual({ users: [replacement] });

    expect(
      await statusOf(rerollGiveaway(t.ctx, demoGuildId, giveaway.messageId, owner, { replace: first })),
    ).toBe(400);

    const all = await rerollGiveaway(t.ctx, demoGuildId, giveaway.messageId, owner, { all: true });
    expect(all.newWinners.map((w) => w.replaces).sort()).toEqual([second, replacement].sort());
    const past = new Set([first, second, replacement]);
    for (const winner of all.newWinners) expect(past.has(winner.userId)).toBe(false);

    const more = await rerollGiveaway(t.ctx, demoGuildId, giveaway.messageId, owner, { winnerCount: 10 });
    // 8 entrants, 5 have won already: 3 are left, drawn without a replacement.
    expect(more.newWinners).toHaveLength(3);
    expect(more.newWinners.every((w) => !w.replaces)).toBe(true);
    expect(await statusOf(rerollGiveaway(t.ctx, demoGuildId, giveaway.messageId, owner))).toBe(409);
  });

  it("pauses (entries refused, the end held back) and resumes with the end moved by the pause", async () => {
    const giveaway = await newGiveaway(t.ctx, { duration: 3600 });
    const member = await addMember(t.ctx);
    const paused = await pauseGiveaway(t.ctx, demoGuildId, giveaway.messageId, owner);
    expect(paused.pausedAt).toBeGreaterThan(0);
    expect(await statusOf(pauseGiveaway(t.ctx, demoGuildId, giveaway.messageId, owner))).toBe(409);
    await expect(enterGiveaway(t.ctx, demoGuildId, giveaway.messageId, member)).rejects.toThrow(/paused/);
    const pending = await t.ctx.storage.db
      .selectFrom("jobs")
      .select("id")
      .where("dedupe_key", "=", `giveaway-end:${giveaway.messageId}`)
      .where("status", "=", "pending")
      .execute();
    expect(pending).toEqual([]);
    // An end job that was running anyway finds it paused and leaves it.
    expect(await statusOf(endGiveaway(t.ctx, demoGuildId, giveaway.messageId, { by: "schedule" }))).toBe(409);
    // Paused for 10 minutes (moved back in time here), then resumed: the end moves by 10 minutes.
    await t.ctx.storage.db
      .updateTable("giveaways")
      .set({ paused_at: Date.now() - 600_000 })
      .where("message_id", "=", giveaway.messageId)
      .execute();
    const resumed = await resumeGiveaway(t.ctx, demoGuildId, giveaway.messageId, owner);
    expect(resumed.pausedAt).toBeNull();
    expect(resumed.endTime - giveaway.endTime).toBeGreaterThanOrEqual(600_000);
    expect(resumed.endTime - giveaway.endTime).toBeLessThan(660_000);
    const job = await t.ctx.storage.db
      .selectFrom("jobs")
      .select("run_at")
      .where("dedupe_key", "=", `giveaway-end:${giveaway.messageId}`)
      .where("status", "=", "pending")
      .executeTakeFirst();
    expect(Number(job?.run_at)).toBe(resumed.endTime);
    await enterGiveaway(t.ctx, demoGuildId, giveaway.messageId, member);
    const edit = (await outbox(t.ctx, "message.edit")).filter((m) => m.messageId === giveaway.messageId);
    expect(JSON.stringify(edit.at(-2)?.message.embeds?.[0])).toContain("Paused");
    expect(edit.at(-1)?.message.components?.[0]?.[0]).toMatchObject({ label: "Enter" });
  });

  it("lists entrants paged and searched, removes one with a reason they read at their next press, and blocks", async () => {
    const giveaway = await newGiveaway(t.ctx);
    const names = ["ava", "bea", "cal", "dax", "eve"];
    const ids: string[] = [];
    const start = Date.now();
    for (const [index, name] of names.entries()) {
      const id = await addMember(t.ctx, { username: `${name}_entrant` });
      ids.push(id);
      // A millisecond apart, so the entry order is the order here.
      await enterGiveaway(t.ctx, demoGuildId, giveaway.messageId, id, { now: start + index });
    }
    const first = await listEntrants(t.ctx, demoGuildId, giveaway.messageId, { limit: 2 });
    expect(first.total).toBe(5);
    expect(first.entrants.map((e) => e.username)).toEqual(["ava_entrant", "bea_entrant"]);
    const second = await listEntrants(t.ctx, demoGuildId, giveaway.messageId, {
      limit: 2,
      cursor: first.nextCursor ?? undefined,
    });
    expect(second.entrants.map((e) => e.username)).toEqual(["cal_entrant", "dax_entrant"]);
    const searched = await listEntrants(t.ctx, demoGuildId, giveaway.messageId, { q: "EVE", limit: 50 });
    expect(searched).toMatchObject({ total: 1, nextCursor: null });
    expect(searched.entrants[0]?.userId).toBe(ids[4]);

    const actor = { tokenId: null, userId: owner.userId };
    await removeEntrant(t.ctx, demoGuildId, giveaway.messageId, ids[1] as string, actor, {
      reason: "Alt account",
    });
    expect((await listEntrants(t.ctx, demoGuildId, giveaway.messageId, { limit: 50 })).total).toBe(4);
    const refused = enterGiveaway(t.ctx, demoGuildId, giveaway.messageId, ids[1] as string);
    await expect(refused).rejects.toThrow(/removed you from this giveaway.*Alt account/);
    const removal = await t.ctx.storage.db
      .selectFrom("giveaway_entry_removals")
      .selectAll()
      .where("user_id", "=", ids[1] as string)
      .executeTakeFirst();
    expect(removal?.notified_at).not.toBeNull();
    expect(
      await statusOf(
        removeEntrant(t.ctx, demoGuildId, giveaway.messageId, ids[1] as string, actor, { reason: "x" }),
      ),
    ).toBe(404);
    const audit = await listAudit(t.ctx.storage.db, demoGuildId, 3);
    expect(audit[0]).toMatchObject({ action: "giveaway.entrant.remove", summary: { reason: "Alt account" } });
    // No such giveaway: 404; an ended one keeps its entrants: 409.
    expect(
      await statusOf(
        removeEntrant(t.ctx, demoGuildId, "123456789012345678", ids[2] as string, actor, { reason: "x" }),
      ),
    ).toBe(404);
    await endGiveaway(t.ctx, demoGuildId, giveaway.messageId, { by: "manual" });
    expect(
      await statusOf(
        removeEntrant(t.ctx, demoGuildId, giveaway.messageId, ids[2] as string, actor, { reason: "x" }),
      ),
    ).toBe(409);

    const blocked = await addMember(t.ctx);
    await blockMember(t.ctx, demoGuildId, actor, { userId: blocked, reason: "Ban evasion" });
    const other = await newGiveaway(t.ctx);
    await expect(enterGiveaway(t.ctx, demoGuildId, other.messageId, blocked)).rejects.toThrow(
      /blocked you \(Ban evasion\)/,
    );
  });
});
