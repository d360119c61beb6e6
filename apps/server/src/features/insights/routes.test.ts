import { insightsHeatmap, insightsSeries, insightsTop } from "@hearth/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createStandingToken,
  createTestApp,
  demoGuildId,
  seedOtherGuild,
  type TestApp,
} from "../../../test/helpers.ts";
import { demoMembers } from "../../discord/sandbox/demo-seed.ts";
import { createDashboardToken } from "../auth/service.ts";
import { dayMs } from "./batch.ts";
import { seedDemo } from "./demo.ts";
import { flushInsights, insightsCollector, stopInsights } from "./service.ts";

let t: TestApp;
let otherGuildId: string;
let otherToken: string;
let managerToken: string;
let general: string;

beforeAll(async () => {
  t = await createTestApp();
  otherGuildId = (await seedOtherGuild(t.ctx)).guildId;
  otherToken = (await createDashboardToken(t.ctx, { serverId: otherGuildId, permission: "owner" })).token;
  managerToken = (
    await createStandingToken(t.ctx, {
      serverId: demoGuildId,
      userId: (await demoMembers(t.ctx.storage.db, 1))[0] ?? "",
      permission: "manager",
    })
  ).token;
  const channels = await t.ctx.discord.listChannels(demoGuildId);
  general = channels.find((channel) => channel.name === "general")?.id ?? "";
});
afterAll(async () => {
  await stopInsights(t.ctx);
  await t.cleanup();
});

const get = (url: string, token = t.token) =>
  t.app.inject({ method: "GET", url, headers: { authorization: token } });

describe("GET /api/insights/{serverId}/…", () => {
  it("answers zero-filled series for a server with nothing counted, for every period", async () => {
    for (const [period, days] of [
      ["7d", 7],
      ["30d", 30],
      ["90d", 90],
      ["1y", 365],
    ] as const) {
      const res = await get(`/api/insights/${otherGuildId}/series?period=${period}`, otherToken);
      expect(res.statusCode).toBe(200);
      const body = insightsSeries.parse(res.json());
      expect(body.points).toHaveLength(days);
      expect(body.points.every((point) => point.messages === 0 && point.joins === 0)).toBe(true);
      expect((body.points[1]?.at ?? 0) - (body.points[0]?.at ?? 0)).toBe(dayMs);
      expect(body.change.joins).toBeNull();
      expect(body.demoHistoryUntil).toBeNull();
    }
    const hourly = insightsSeries.parse(
      (await get(`/api/insights/${otherGuildId}/series?period=7d&resolution=hour`, otherToken)).json(),
    );
    expect(hourly.points).toHaveLength(7 * 24);
  });

  it("answers what the bot counted: totals, the previous period and the change", async () => {
    const collector = insightsCollector(t.ctx);
    const now = Date.now();
    collector.count(otherGuildId, "joins", 4, now);
    collector.count(otherGuildId, "leaves", 1, now);
    collector.count(otherGuildId, "joins", 2, now - 8 * dayMs);
    collector.countMessage(otherGuildId, "500000000000000001", "u1", now);
    collector.countMessage(otherGuildId, "500000000000000001", "u2", now);
    await flushInsights(t.ctx);

    const body = insightsSeries.parse(
      (await get(`/api/insights/${otherGuildId}/series?period=7d`, otherToken)).json(),
    );
    expect(body.totals).toMatchObject({ joins: 4, leaves: 1, net: 3, messages: 2 });
    expect(body.previous).toMatchObject({ joins: 2, leaves: 0 });
    expect(body.change.joins).toBe(100);
    expect(body.points.at(-1)).toMatchObject({ joins: 4, leaves: 1, net: 3, messages: 2, activeMembers: 2 });
  });

  it("refuses an hourly series longer than the hours kept, and a bad period, naming the field", async () => {
    const hourly = await get(`/api/insights/${demoGuildId}/series?period=30d&resolution=hour`);
    expect(hourly.statusCode).toBe(400);
    expect(hourly.json()).toMatchObject({ field: "resolution" });
    const period = await get(`/api/insights/${demoGuildId}/series?period=2w`);
    expect(period.statusCode).toBe(400);
    expect(period.json()).toMatchObject({ field: "period" });
  });

  it("answers another server's insights 403, and is open to managers", async () => {
    for (const path of ["series", "top", "heatmap"]) {
      expect((await get(`/api/insights/${demoGuildId}/${path}`, otherToken)).statusCode).toBe(403);
      expect((await get(`/api/insights/${demoGuildId}/${path}`, managerToken)).statusCode).toBe(200);
    }
  });

  it("gives the demo server 90 days of history marked as demo, with top channels, commands, giveaways and a heatmap", async () => {
    await seedDemo(t.ctx);
    const series = insightsSeries.parse((await get(`/api/insights/${demoGuildId}/series?period=90d`)).json());
    expect(series.demoHistoryUntil).toEqual(expect.any(Number));
    expect(series.points.slice(0, -1).every((point) => point.messages > 0 && point.activeMembers > 0)).toBe(
      true,
    );
    expect(series.totals.joins).toBeGreaterThan(series.totals.leaves);
    const year = insightsSeries.parse((await get(`/api/insights/${demoGuildId}/series?period=1y`)).json());
    expect(year.points.slice(0, 365 - 90).every((point) => point.messages === 0)).toBe(true);
    expect(year.totals.messages).toBe(series.totals.messages);
    // A year's previous year is older than the 400 days kept: no change is claimed.
    expect(year.previousComplete).toBe(false);
    expect(Object.values(year.change).every((change) => change === null)).toBe(true);
    expect(series.previousComplete).toBe(true);

    const top = insightsTop.parse((await get(`/api/insights/${demoGuildId}/top?period=30d&limit=5`)).json());
    expect(top.channels).toHaveLength(5);
    expect(top.channels[0]).toMatchObject({ channelId: general, name: "general" });
    expect(top.channels.map((channel) => channel.messages)).toEqual(
      [...top.channels.map((channel) => channel.messages)].sort((a, b) => b - a),
    );
    expect(top.commands[0]).toMatchObject({ command: "calc" });
    expect(top.giveaways.every((giveaway) => giveaway.prize !== null)).toBe(true);

    const heatmap = insightsHeatmap.parse(
      (await get(`/api/insights/${demoGuildId}/heatmap?channels=3`)).json(),
    );
    expect(heatmap.channels.map((channel) => channel.name)).toContain("general");
    expect(heatmap.cells).toHaveLength(3);
    const busiestHour = heatmap.hours.indexOf(Math.max(...heatmap.hours));
    expect(busiestHour).toBeGreaterThanOrEqual(17);
  });
});
