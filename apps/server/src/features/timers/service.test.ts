import { type CreateTimerInput, createTimerBody } from "@hearth/core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  createTestContext,
  demoGuildId,
  dialects,
  seedOtherGuild,
  type TestContext,
} from "../../../test/helpers.ts";
import { DiscordError, type OutgoingMessage } from "../../discord/port/port.ts";
import { DatabaseJobQueue } from "../../jobs/queue.ts";
import { createLogger } from "../../lib/logger.ts";
import { listAudit } from "../audit/service.ts";
import { registerTimerJobs } from "./jobs.ts";
import { cancelTimer, createTimer, endTimer, listTimers, timerJobKey } from "./service.ts";
import * as store from "./store.ts";

const actor = { tokenId: "tok", userId: "200000000000000001" };

interface OutboxMessage {
  action: string;
  channelId: string;
  messageId: string;
  message: OutgoingMessage;
}

describe.each(dialects)("timers service on %s", (dialect) => {
  let t: TestContext;
  let channels: { events: string; voice: string; category: string; announcements: string };
  let eventsPing: string;
  let otherChannel: string;

  beforeAll(async () => {
    t = await createTestContext({ dialect });
    registerTimerJobs(t.ctx);
    const all = await t.ctx.discord.listChannels(demoGuildId);
    const byName = (name: string) => all.find((channel) => channel.name === name)?.id ?? "";
    channels = {
      events: byName("events"),
      voice: byName("Lounge"),
      category: byName("Events"),
      announcements: byName("announcements"),
    };
    eventsPing =
      (await t.ctx.discord.listRoles(demoGuildId)).find((role) => role.name === "Events Ping")?.id ?? "";
    await seedOtherGuild(t.ctx);
    otherChannel = "444444444444444444";
  });
  afterAll(() => t.cleanup());
  beforeEach(async () => {
    await t.ctx.storage.db.deleteFrom("timers").execute();
    await t.ctx.storage.db.deleteFrom("jobs").execute();
    await t.ctx.storage.db.deleteFrom("sandbox_outbox").execute();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const start = (input: Partial<CreateTimerInput> = {}) =>
    createTimer(
      t.ctx,
      demoGuildId,
      actor,
      createTimerBody.parse({ channelId: channels.events, message: "Heist starts", duration: 600, ...input }),
    );

  const outbox = async (action?: string): Promise<OutboxMessage[]> => {
    let query = t.ctx.storage.db.selectFrom("sandbox_outbox").selectAll().orderBy("id");
    if (action) query = query.where("action", "=", action);
    return (await query.execute()).map((row) => ({ action: row.action, ...JSON.parse(row.payload) }));
  };

  const makeDue = async (timerId: number) => {
    await t.ctx.storage.db
      .updateTable("jobs")
      .set({ run_at: Date.now() - 1 })
      .where("payload", "=", JSON.stringify({ timerId }))
      .where("status", "=", "pending")
      .execute();
  };

  const jobOf = (timerId: number) =>
    t.ctx.storage.db
      .selectFrom("jobs")
      .selectAll()
      .where("payload", "=", JSON.stringify({ timerId }))
      .executeTakeFirst();

  it("posts a live countdown, stores the timer and schedules its end", async () => {
    const before = Date.now();
    const timer = await start({ message: "Heist starts", duration: 7200 });
    expect(timer).toMatchObject({
      channelId: channels.events,
      duration: 7200,
      message: "Heist starts",
      status: "running",
      createdBy: actor.userId,
      endedAt: null,
    });
    expect(timer.endsAt).toBeGreaterThanOrEqual(before + 7_200_000);
    expect(timer.endsAt).toBeLessThanOrEqual(Date.now() + 7_200_000);

    const [sent] = await outbox("message.send");
    expect(sent?.channelId).toBe(channels.events);
    expect(sent?.messageId).toBe(timer.messageId);
    const embed = sent?.message.embeds?.[0];
    expect(embed?.description).toContain("Heist starts");
    expect(embed?.description).toContain(`Ends <t:${Math.floor(timer.endsAt / 1000)}:R>`);
    expect(embed?.timestamp).toBe(new Date(timer.endsAt).toISOString());

    const job = await jobOf(timer.id);
    expect(job).toMatchObject({
      kind: "timer.end",
      dedupe_key: timerJobKey(timer.id),
      run_at: timer.endsAt,
      status: "pending",
    });
    const [audit] = await listAudit(t.ctx.storage.db, demoGuildId);
    expect(audit).toMatchObject({
      action: "timer.create",
      summary: { after: { id: timer.id, duration: 7200 } },
    });
  });

  it("refuses channels that are not text channels of the server, naming channelId", async () => {
    for (const channelId of [channels.voice, channels.category, otherChannel, "999999999999999999"]) {
      await expect(start({ channelId })).rejects.toMatchObject({ statusCode: 400, field: "channelId" });
    }
    expect(await outbox()).toEqual([]);
    await expect(start({ channelId: channels.announcements })).resolves.toMatchObject({ status: "running" });
  });

  it("when due, announces the end once and marks the countdown ended", async () => {
    const timer = await start({ message: `Heist starts <@&${eventsPing}> @everyone` });
    await makeDue(timer.id);
    const ranAt = Date.now();
    expect(await t.ctx.jobs.runDue()).toBe(1);

    const sends = await outbox("message.send");
    expect(sends).toHaveLength(2);
    const announcement = sends[1];
    expect(announcement?.channelId).toBe(channels.events);
    expect(announcement?.message.content).toBe(`⏰ Timer ended: Heist starts <@&${eventsPing}> @everyone`);
    expect(announcement?.message.allowedMentions).toEqual({
      users: [],
      roles: [eventsPing],
      everyone: false,
    });
    const link = announcement?.message.components?.[0]?.[0];
    expect(link).toMatchObject({
      type: "button",
      style: "link",
      url: `https://discord.com/channels/${demoGuildId}/${channels.events}/${timer.messageId}`,
    });
    const [edit] = await outbox("message.edit");
    expect(edit?.messageId).toBe(timer.messageId);
    expect(edit?.message.embeds?.[0]?.title).toBe("⌛ Timer ended");

    const [listed] = await listTimers(t.ctx, demoGuildId);
    expect(listed).toMatchObject({ id: timer.id, status: "ended" });
    expect(listed?.endedAt).toBeGreaterThanOrEqual(ranAt);
    expect(listed?.endedAt).toBeLessThanOrEqual(Date.now());

    // Running the handler again (a duplicate delivery) changes nothing.
    await endTimer(t.ctx, timer.id);
    expect(await t.ctx.jobs.runDue()).toBe(0);
    expect(await outbox("message.send")).toHaveLength(2);
  });

  it("survives a restart: a new queue instance on the same database ends the timer once", async () => {
    const timer = await start();
    const restarted = new DatabaseJobQueue(t.ctx.storage, createLogger({ logLevel: "silent" }));
    registerTimerJobs({ ...t.ctx, jobs: restarted });
    await makeDue(timer.id);
    expect(await restarted.runDue()).toBe(1);
    expect(await t.ctx.jobs.runDue()).toBe(0);
    expect(await restarted.runDue()).toBe(0);
    expect(await outbox("message.send")).toHaveLength(2);
    expect((await store.getTimerById(t.ctx.storage.db, timer.id))?.status).toBe("ended");
    expect((await jobOf(timer.id))?.status).toBe("done");
  });

  it("retries after a transient Discord failure without announcing twice", async () => {
    const timer = await start();
    vi.spyOn(t.sandbox, "editMessage").mockRejectedValueOnce(
      new DiscordError("unavailable", "Discord is down"),
    );
    await makeDue(timer.id);
    await t.ctx.jobs.runDue();
    expect((await jobOf(timer.id))?.status).toBe("pending");
    expect((await store.getTimerById(t.ctx.storage.db, timer.id))?.status).toBe("ending");
    expect((await listTimers(t.ctx, demoGuildId))[0]?.status).toBe("ended");

    await makeDue(timer.id);
    expect(await t.ctx.jobs.runDue()).toBe(1);
    expect(await outbox("message.send")).toHaveLength(2);
    expect(await outbox("message.edit")).toHaveLength(1);
    expect((await store.getTimerById(t.ctx.storage.db, timer.id))?.status).toBe("ended");
  });

  it("still ends a timer whose channel was deleted meanwhile", async () => {
    const timer = await start();
    await t.ctx.storage.db.deleteFrom("sandbox_channels").where("id", "=", channels.events).execute();
    try {
      await makeDue(timer.id);
      expect(await t.ctx.jobs.runDue()).toBe(1);
      expect((await jobOf(timer.id))?.status).toBe("done");
      expect((await store.getTimerById(t.ctx.storage.db, timer.id))?.status).toBe("ended");
      expect(await outbox("message.send")).toHaveLength(1);
    } finally {
      await restoreChannel(t, channels.events);
    }
  });

  it("cancels a running timer: the job is dropped and the countdown says cancelled", async () => {
    const timer = await start();
    const cancelled = await cancelTimer(t.ctx, demoGuildId, actor, timer.id);
    expect(cancelled).toMatchObject({ id: timer.id, status: "cancelled" });
    expect(cancelled.endedAt).not.toBeNull();
    expect((await jobOf(timer.id))?.status).toBe("cancelled");
    const [edit] = await outbox("message.edit");
    expect(edit?.message.embeds?.[0]?.title).toBe("🛑 Timer cancelled");
    const [audit] = await listAudit(t.ctx.storage.db, demoGuildId);
    expect(audit).toMatchObject({ action: "timer.cancel", summary: { after: { status: "cancelled" } } });

    await expect(cancelTimer(t.ctx, demoGuildId, actor, timer.id)).rejects.toMatchObject({ statusCode: 409 });
    // Even if the job ran anyway, a cancelled timer is left alone.
    await endTimer(t.ctx, timer.id);
    expect(await outbox("message.send")).toHaveLength(1);
  });

  it("refuses to cancel an ended timer (409) and another server's timer (404)", async () => {
    const timer = await start();
    await makeDue(timer.id);
    await t.ctx.jobs.runDue();
    await expect(cancelTimer(t.ctx, demoGuildId, actor, timer.id)).rejects.toMatchObject({
      statusCode: 409,
      message: "The timer has already ended",
    });
    const running = await start();
    await expect(cancelTimer(t.ctx, "222222222222222222", actor, running.id)).rejects.toMatchObject({
      statusCode: 404,
    });
    expect((await store.getTimerById(t.ctx.storage.db, running.id))?.status).toBe("running");
  });

  it("lets exactly one of a simultaneous end and cancel win", async () => {
    for (let round = 0; round < 5; round++) {
      await t.ctx.storage.db.deleteFrom("sandbox_outbox").execute();
      const timer = await start();
      const [ended, cancelled] = await Promise.allSettled([
        endTimer(t.ctx, timer.id),
        cancelTimer(t.ctx, demoGuildId, actor, timer.id),
      ]);
      expect(ended.status).toBe("fulfilled");
      const status = (await store.getTimerById(t.ctx.storage.db, timer.id))?.status;
      const announcements = (await outbox("message.send")).filter((sent) => sent.message.content);
      if (cancelled.status === "fulfilled") {
        expect(status).toBe("cancelled");
        expect(announcements).toHaveLength(0);
      } else {
        expect(cancelled.reason).toMatchObject({ statusCode: 409 });
        expect(status).toBe("ended");
        expect(announcements).toHaveLength(1);
      }
    }
  });

  it("refuses more than 50 running timers in a server, before posting anything", async () => {
    const now = Date.now();
    for (let index = 0; index < 50; index++) {
      await store.insertTimer(t.ctx.storage.db, {
        server_id: demoGuildId,
        channel_id: channels.events,
        message: `timer ${index}`,
        duration: 60,
        ends_at: now + 60_000,
        message_id: String(500000000000000000 + index),
        status: "running",
        ended_message_id: null,
        created_by: null,
        created_at: now,
        finished_at: null,
      });
    }
    await expect(start()).rejects.toMatchObject({ statusCode: 409 });
    expect(await outbox()).toEqual([]);
  });

  it("stores nothing when Discord refuses the countdown, and takes the countdown down when scheduling fails", async () => {
    vi.spyOn(t.sandbox, "sendMessage").mockRejectedValueOnce(
      new DiscordError("missing_permissions", "Missing Permissions"),
    );
    await expect(start()).rejects.toBeInstanceOf(DiscordError);
    expect(await listTimers(t.ctx, demoGuildId)).toEqual([]);

    vi.spyOn(t.ctx.jobs, "schedule").mockRejectedValueOnce(new Error("database unavailable"));
    await expect(start()).rejects.toThrow("database unavailable");
    expect(await listTimers(t.ctx, demoGuildId)).toEqual([]);
    expect((await outbox()).map((entry) => entry.action)).toEqual(["message.send", "message.delete"]);
  });

  it("lists running timers soonest first, then recent finished ones", async () => {
    const later = await start({ duration: 9000 });
    const sooner = await start({ duration: 60 });
    const gone = await start({ duration: 120 });
    await cancelTimer(t.ctx, demoGuildId, actor, gone.id);
    const ids = (await listTimers(t.ctx, demoGuildId)).map((timer) => [timer.id, timer.status]);
    expect(ids).toEqual([
      [sooner.id, "running"],
      [later.id, "running"],
      [gone.id, "cancelled"],
    ]);
    expect(await listTimers(t.ctx, "222222222222222222")).toEqual([]);
  });
});

async function restoreChannel(t: TestContext, channelId: string) {
  const category = await t.ctx.storage.db
    .selectFrom("sandbox_channels")
    .select("id")
    .where("guild_id", "=", demoGuildId)
    .where("name", "=", "Events")
    .executeTakeFirst();
  await t.ctx.storage.db
    .insertInto("sandbox_channels")
    .values({
      id: channelId,
      guild_id: demoGuildId,
      name: "events",
      type: 0,
      parent_id: category?.id ?? null,
      position: 99,
      topic: null,
      nsfw: 0,
    })
    .execute();
}
