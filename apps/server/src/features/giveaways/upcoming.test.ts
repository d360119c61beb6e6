import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { channelId } from "../../../test/fixtures/giveaways.ts";
import { createTestApp, demoGuildId, dialects, type TestApp } from "../../../test/helpers.ts";
import { recordGuildJoined } from "../guilds/service.ts";
import { startScheduledRun } from "./service.ts";

// The public pages' scheduled and recurring giveaways (issue 27, item 9), on SQLite and PostgreSQL.

describe.each(dialects)("upcoming giveaways on %s", (dialect) => {
  let t: TestApp;
  let channel: string;

  beforeAll(async () => {
    t = await createTestApp({ dialect });
    for (const guild of await t.ctx.discord.listGuilds()) await recordGuildJoined(t.ctx, guild, Date.now());
    channel = await channelId(t.ctx);
  });
  afterAll(() => t.cleanup());

  const schedule = async (body: object) => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/giveaways/create",
      headers: { authorization: t.token },
      payload: { channelId: channel, duration: 3600, ...body },
    });
    expect(res.statusCode, res.body).toBe(202);
    return res.json() as { id: string };
  };
  const get = (url: string) => t.app.inject({ method: "GET", url });

  it("lists scheduled and recurring giveaways without a token, soonest first, without entries", async () => {
    const soon = Date.now() + 3_600_000;
    const later = Date.now() + 7_200_000;
    const weekly = await schedule({
      prize: "Weekly Nitro",
      startsAt: later,
      recurrence: { every: 1, unit: "weeks" },
    });
    const once = await schedule({
      prize: "Launch party",
      startsAt: soon,
      winnerCount: 3,
      requirements: { minAccountAge: 7, minMemberAge: 0, minInvites: 0, requiredRoles: [] },
    });
    const res = await get("/api/giveaways/upcoming");
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as Record<string, unknown>[];
    expect(list.map((item) => item.prize)).toEqual(["Launch party", "Weekly Nitro"]);
    expect(list[0]).toMatchObject({
      guildId: demoGuildId,
      scheduleId: once.id,
      status: "scheduled",
      startsAt: soon,
      recurrence: null,
      winnerCount: 3,
      duration: 3600,
      minAccountAge: 7,
      runs: 0,
    });
    expect(list[0]).not.toHaveProperty("entries");
    expect(list[1]).toMatchObject({ scheduleId: weekly.id, recurrence: { every: 1, unit: "weeks" } });

    const detail = await get(`/api/giveaways/${demoGuildId}/upcoming/${weekly.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json()).toMatchObject({ prize: "Weekly Nitro", startsAt: later, pastRuns: [] });
  });

  it("shows a series' posted runs, and hides cancelled schedules", async () => {
    const series = await schedule({
      prize: "Daily coins",
      startsAt: Date.now() + 3_600_000,
      recurrence: { every: 1, unit: "days" },
    });
    // Its first run comes due and is posted.
    await t.ctx.storage.db
      .updateTable("giveaway_schedules")
      .set({ next_run_at: Date.now() - 1000 })
      .where("id", "=", Number(series.id))
      .execute();
    await startScheduledRun(t.ctx, demoGuildId, Number(series.id), 1);
    const detail = await get(`/api/giveaways/${demoGuildId}/upcoming/${series.id}`);
    expect(detail.statusCode).toBe(200);
    const body = detail.json() as {
      runs: number;
      status: string;
      pastRuns: { messageId: string; runNumber: number; active: boolean }[];
      startsAt: number | null;
    };
    expect(body).toMatchObject({ runs: 1, status: "scheduled" });
    expect(body.startsAt).toBeGreaterThan(Date.now() + 20 * 3_600_000);
    expect(body.pastRuns).toEqual([expect.objectContaining({ runNumber: 1, active: true })]);
    const run = await get(`/api/giveaways/${demoGuildId}/${body.pastRuns[0]?.messageId}`);
    expect(run.json()).toMatchObject({ prize: "Daily coins", scheduleId: series.id });

    const cancelled = await schedule({ prize: "Never", startsAt: Date.now() + 3_600_000 });
    const cancel = await t.app.inject({
      method: "DELETE",
      url: `/api/giveaways/${demoGuildId}/schedules/${cancelled.id}`,
      headers: { authorization: t.token },
    });
    expect(cancel.statusCode).toBe(204);
    expect((await get(`/api/giveaways/${demoGuildId}/upcoming/${cancelled.id}`)).statusCode).toBe(404);
    const list = (await get("/api/giveaways/upcoming")).json() as { prize: string }[];
    expect(list.map((item) => item.prize)).not.toContain("Never");
    expect((await get(`/api/giveaways/${demoGuildId}/upcoming/999999`)).statusCode).toBe(404);
    expect((await get(`/api/giveaways/${demoGuildId}/upcoming/abc`)).statusCode).toBe(400);
  });
});
