import { birthdaysOverview, botMessagePreview } from "@hearth/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createStandingToken,
  createTestApp,
  demoGuildId,
  seedOtherGuild,
  type TestApp,
} from "../../../test/helpers.ts";
import { demoMembers } from "../../discord/sandbox/demo-seed.ts";
import { demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { createDashboardToken } from "../auth/service.ts";
import { seedDemo } from "./demo.ts";
import { setBirthday } from "./service.ts";

// The dashboard's Birthdays page: the same service as /birthday, its limits, its levels.
let t: TestApp;
let manager: string;
let foreign: string;
let events: string;
let general: string;
let members: string[];

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.ctx);
  members = await demoMembers(t.ctx.storage.db, 20);
  // A member without a demo birthday (the demo saves the first 14 members').
  const managerId = members.slice(14).find((id) => id !== demoOwnerId) ?? "";
  manager = (await createStandingToken(t.ctx, { userId: managerId, permission: "manager" })).token;
  const other = await seedOtherGuild(t.ctx);
  foreign = (await createDashboardToken(t.ctx, { serverId: other.guildId, permission: "owner" })).token;
  const channels = await t.ctx.discord.listChannels(demoGuildId);
  events = channels.find((c) => c.name === "events")?.id ?? "";
  general = channels.find((c) => c.name === "general")?.id ?? "";
});
afterAll(() => t.cleanup());

const call = (method: "GET" | "PUT" | "POST" | "DELETE", url: string, payload?: object, token = t.token) =>
  t.app.inject({ method, url, payload, headers: { authorization: token } });
const base = `/api/birthdays/${demoGuildId}`;

describe("the Birthdays page's routes", () => {
  it("lists the setup and the next birthdays soonest first, with names, never a hidden year", async () => {
    const res = await call("GET", `${base}?limit=5`);
    expect(res.statusCode).toBe(200);
    const body = birthdaysOverview.parse(res.json());
    expect(body.settings?.channelId).toBe(events);
    expect(body.total).toBe(14);
    expect(body.upcoming).toHaveLength(5);
    const times = body.upcoming.map((entry) => entry.at);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(body.upcoming.every((entry) => entry.name !== null)).toBe(true);
    expect(JSON.stringify(body.upcoming)).not.toContain('"year"');
  });

  it("saves the setup like /birthday setup (audited) and refuses a bad channel naming the field", async () => {
    const saved = await call("PUT", `${base}/settings`, {
      channelId: general,
      roleId: null,
      message: "🎂 Cake for {user.mention}!",
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().settings).toMatchObject({ channelId: general, roleId: null });
    const audit = await t.ctx.storage.db
      .selectFrom("audit_log")
      .select(["action"])
      .where("server_id", "=", demoGuildId)
      .where("action", "=", "birthdays.setup")
      .execute();
    expect(audit.length).toBeGreaterThanOrEqual(2);

    const unknownTag = await call("PUT", `${base}/settings`, {
      channelId: general,
      message: "{user.mentoin}",
    });
    expect(unknownTag.statusCode).toBe(400);
    expect(unknownTag.json()).toMatchObject({ field: "message" });
    const tooLong = await call("PUT", `${base}/settings`, { channelId: general, message: "x".repeat(1501) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().field).toBe("message");
    const badChannel = await call("PUT", `${base}/settings`, { channelId: "not-an-id" });
    expect(badChannel.statusCode).toBe(400);
    expect(badChannel.json().field).toBe("channelId");
  });

  it("previews the announcement with the job's own builder (unsaved message, then the saved one)", async () => {
    const unsaved = await call("POST", `${base}/preview`, {
      message: "Happy day {user.mention} in {server.name}",
    });
    expect(unsaved.statusCode).toBe(200);
    const preview = botMessagePreview.parse(unsaved.json());
    expect(preview.content).toBe(`Happy day <@${demoOwnerId}> in Ember Hollow`);
    const saved = await call("POST", `${base}/preview`, {});
    expect(saved.json().content).toBe(`🎂 Cake for <@${demoOwnerId}>!`);
    const bad = await call("POST", `${base}/preview`, { message: "{nope}" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe("message");
  });

  it("saves and forgets the dashboard user's own birthday (any level), with /birthday set's checks", async () => {
    const set = await call("PUT", `${base}/mine`, { month: 2, day: 29, timezone: "Europe/Berlin" }, manager);
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ month: 2, day: 29, timezone: "Europe/Berlin", year: null });
    const listed = birthdaysOverview.parse((await call("GET", base, undefined, manager)).json());
    expect(listed.mine).toMatchObject({ month: 2, day: 29 });
    expect(listed.total).toBe(15);

    const badZone = await call(
      "PUT",
      `${base}/mine`,
      { month: 3, day: 1, timezone: "Mars/Olympus" },
      manager,
    );
    expect(badZone.statusCode).toBe(400);
    expect(badZone.json().field).toBe("timezone");
    const badDay = await call("PUT", `${base}/mine`, { month: 4, day: 31 }, manager);
    expect(badDay.statusCode).toBe(400);
    expect(badDay.json().field).toBe("day");

    const removed = await call("DELETE", `${base}/mine`, undefined, manager);
    expect(removed.json()).toEqual({ removed: true });
    const again = await call("DELETE", `${base}/mine`, undefined, manager);
    expect(again.json()).toEqual({ removed: false });
  });

  it("an admin removes a member's birthday (audited); a manager may not", async () => {
    const userId = members[3] ?? "";
    await setBirthday(t.ctx, demoGuildId, userId, { month: 5, day: 5 });
    const refused = await call("DELETE", `${base}/members/${userId}`, undefined, manager);
    expect(refused.statusCode).toBe(403);
    const refusedSetup = await call("PUT", `${base}/settings`, { channelId: general }, manager);
    expect(refusedSetup.statusCode).toBe(403);

    const removed = await call("DELETE", `${base}/members/${userId}`);
    expect(removed.json()).toEqual({ removed: true });
    const entry = await t.ctx.storage.db
      .selectFrom("audit_log")
      .select(["action", "summary"])
      .where("server_id", "=", demoGuildId)
      .where("action", "=", "birthdays.remove")
      .executeTakeFirst();
    expect(entry?.summary).toContain(userId);
    expect((await call("DELETE", `${base}/members/${userId}`)).json()).toEqual({ removed: false });
  });

  it("another server's token gets 403 on this server's birthdays", async () => {
    for (const [method, url] of [
      ["GET", base],
      ["PUT", `${base}/settings`],
      ["POST", `${base}/preview`],
      ["DELETE", `${base}/members/${members[2]}`],
    ] as const) {
      const res = await call(method, url, { channelId: general }, foreign);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});
