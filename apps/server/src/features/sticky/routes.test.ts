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
import { stickyMessage } from "./service.ts";

let t: TestApp;
let otherToken: string;
let otherGuildId: string;
let managerToken: string;
let general: string;
let memes: string;
let lounge: string;

beforeAll(async () => {
  t = await createTestApp();
  const other = await seedOtherGuild(t.ctx);
  otherGuildId = other.guildId;
  otherToken = (await createDashboardToken(t.ctx, { serverId: otherGuildId, permission: "owner" })).token;
  const [managerId] = await demoMembers(t.ctx.storage.db, 1);
  managerToken = (
    await createStandingToken(t.ctx, {
      serverId: demoGuildId,
      userId: managerId ?? "",
      permission: "manager",
    })
  ).token;
  const channels = await t.ctx.discord.listChannels(demoGuildId);
  const named = (name: string) => channels.find((channel) => channel.name === name)?.id ?? "";
  general = named("general");
  memes = named("memes");
  lounge = named("Lounge");
});
afterAll(() => t.cleanup());

const url = (rest = "", serverId = demoGuildId) => `/api/sticky/${serverId}${rest}`;
const inject = (method: "GET" | "PUT" | "POST" | "DELETE", path: string, token = t.token, payload?: object) =>
  t.app.inject({ method, url: path, headers: { authorization: token }, ...(payload ? { payload } : {}) });

const audited = (action: string) =>
  t.ctx.storage.db
    .selectFrom("audit_log")
    .selectAll()
    .where("server_id", "=", demoGuildId)
    .where("action", "=", action)
    .execute();

describe("the Sticky messages page's routes", () => {
  it("lists no stickies at first, with the command's limits", async () => {
    const res = await inject("GET", url());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      stickies: [],
      limits: { maxLength: 2000, minTrigger: 1, maxTrigger: 100, defaultTrigger: 10, maxPerServer: 50 },
    });
  });

  it("previews the sticky exactly as the bot posts it, for every level", async () => {
    const res = await inject("POST", url("/preview"), managerToken, { message: "  Read the **rules**  " });
    expect(res.statusCode).toBe(200);
    const posted = stickyMessage("Read the **rules**");
    expect(res.json()).toEqual({ content: "", embeds: posted.embeds, components: [] });
    const empty = await inject("POST", url("/preview"), t.token, { message: "   " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/^message: /);
  });

  it("sets a sticky: posts it in the channel, lists it, audits who did it", async () => {
    const res = await inject("PUT", url(`/${general}`), t.token, { message: "Be kind", triggerCount: 5 });
    expect(res.statusCode).toBe(200);
    const { sticky, replaced } = res.json();
    expect(replaced).toBe(false);
    expect(sticky).toMatchObject({
      channelId: general,
      message: "Be kind",
      triggerCount: 5,
      messageCount: 0,
    });
    const copy = await t.ctx.discord.getMessage(general, sticky.lastMessageId);
    expect(copy?.embeds[0]?.description).toBe("Be kind");
    expect(copy?.embeds[0]?.footer?.text).toBe("📌 Sticky message");

    const list = (await inject("GET", url(), managerToken)).json();
    expect(list.stickies.map((s: { channelId: string }) => s.channelId)).toEqual([general]);
    const [entry] = await audited("sticky.set");
    expect(entry).toMatchObject({ token_id: expect.any(String), feature: "sticky" });
    expect(JSON.parse(entry?.summary ?? "{}")).toMatchObject({
      channelId: general,
      after: { message: "Be kind", triggerCount: 5 },
    });
  });

  it("editing replaces the sticky: the old copy is deleted and the new one posted", async () => {
    const before = (await inject("GET", url())).json().stickies[0];
    const res = await inject("PUT", url(`/${general}`), t.token, { message: "Be very kind" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      replaced: true,
      sticky: { message: "Be very kind", triggerCount: 10 },
    });
    expect(await t.ctx.discord.getMessage(general, before.lastMessageId)).toBeNull();
    expect(await audited("sticky.replace")).toHaveLength(1);
  });

  it.each([
    [{ message: "" }, "message"],
    [{ message: "x".repeat(2001) }, "message"],
    [{ message: "Hi", triggerCount: 0 }, "triggerCount"],
    [{ message: "Hi", triggerCount: 101 }, "triggerCount"],
    [{ message: "Hi", triggerCount: 2.5 }, "triggerCount"],
    [{}, "message"],
  ])("answers 400 naming the field (%j → %s)", async (body, field) => {
    const res = await inject("PUT", url(`/${memes}`), t.token, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(new RegExp(`^${field}: `));
  });

  it("refuses a channel id that isn't one, and a channel that isn't a text channel", async () => {
    const bad = await inject("PUT", url("/general"), t.token, { message: "Hi" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^channelId: /);
    const voice = await inject("PUT", url(`/${lounge}`), t.token, { message: "Hi" });
    expect(voice.statusCode).toBe(400);
    expect(voice.json().message).toMatch(/channel: #Lounge is not a text channel/);
  });

  it("a manager reads and previews but can't set or remove (admin, like /sticky's Manage Messages)", async () => {
    const set = await inject("PUT", url(`/${memes}`), managerToken, { message: "Hi" });
    expect(set.statusCode).toBe(403);
    expect(set.json().message).toMatch(/needs the admin permission/);
    expect((await inject("DELETE", url(`/${general}`), managerToken)).statusCode).toBe(403);
  });

  it("another server's token reaches none of it, nor another server's id", async () => {
    expect((await inject("GET", url(), otherToken)).statusCode).toBe(403);
    expect((await inject("PUT", url(`/${general}`), otherToken, { message: "Hi" })).statusCode).toBe(403);
    expect((await inject("DELETE", url(`/${general}`), otherToken)).statusCode).toBe(403);
    expect((await inject("GET", url("", otherGuildId))).statusCode).toBe(403);
  });

  it("removes a sticky with its copy; removing it again is a 404", async () => {
    const before = (await inject("GET", url())).json().stickies[0];
    const res = await inject("DELETE", url(`/${general}`));
    expect(res.statusCode).toBe(200);
    expect(res.json().sticky).toMatchObject({ channelId: general, message: "Be very kind" });
    expect(await t.ctx.discord.getMessage(general, before.lastMessageId)).toBeNull();
    expect((await inject("GET", url())).json().stickies).toEqual([]);
    expect(await audited("sticky.remove")).toHaveLength(1);
    const again = await inject("DELETE", url(`/${general}`));
    expect(again.statusCode).toBe(404);
  });
});
