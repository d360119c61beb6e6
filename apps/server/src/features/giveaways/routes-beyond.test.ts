import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember, channelId, newGiveaway, roleId } from "../../../test/fixtures/giveaways.ts";
import { createTestApp, demoGuildId, seedOtherGuild, type TestApp } from "../../../test/helpers.ts";
import { createDashboardToken } from "../auth/service.ts";
import { recordGuildJoined } from "../guilds/service.ts";
import { updateSetup } from "../setup/service.ts";
import { enterGiveaway } from "./entries.ts";
import { endGiveaway } from "./service.ts";

// The routes of issue 27: scheduled and recurring giveaways, the entrant list, removals, blocks,
// the create preview and the extended reroll.

let t: TestApp;
let otherToken: string;
let otherServer: string;
let channel: string;

beforeAll(async () => {
  t = await createTestApp();
  const other = await seedOtherGuild(t.ctx);
  otherServer = other.guildId;
  otherToken = (await createDashboardToken(t.ctx, { serverId: otherServer, permission: "owner" })).token;
  for (const guild of await t.ctx.discord.listGuilds()) await recordGuildJoined(t.ctx, guild, Date.now());
  channel = await channelId(t.ctx);
});
afterAll(() => t.cleanup());

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
function inject(method: Method, url: string, payload?: unknown, token?: string) {
  return t.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: token === undefined ? { authorization: t.token } : token === "" ? {} : { authorization: token },
  });
}

async function expect400(response: Promise<{ statusCode: number; json(): unknown }>, field: string) {
  const res = await response;
  const body = res.json() as { field?: string; message: string };
  expect(res.statusCode, JSON.stringify(body)).toBe(400);
  expect(body.field).toBe(field);
}

const hour = 3_600_000;

describe("scheduled and recurring giveaways", () => {
  it("answers 202 with the schedule, lists it, edits it, pauses a series and cancels", async () => {
    const startsAt = Date.now() + 2 * hour;
    const res = await inject("POST", "/api/giveaways/create", {
      channelId: channel,
      prize: "Weekly Nitro",
      duration: 3600,
      startsAt,
      recurrence: { every: 1, unit: "weeks" },
    });
    expect(res.statusCode, res.body).toBe(202);
    const schedule = res.json();
    expect(schedule).toMatchObject({
      status: "scheduled",
      nextRunAt: startsAt,
      recurrence: { every: 1, unit: "weeks" },
      runs: 0,
      settings: { prize: "Weekly Nitro", channelId: channel, duration: 3600 },
      pastRuns: [],
    });
    const list = await inject("GET", `/api/giveaways/${demoGuildId}/schedules`);
    expect(list.json().map((s: { id: string }) => s.id)).toContain(schedule.id);

    const path = `/api/giveaways/${demoGuildId}/schedules/${schedule.id}`;
    const edited = await inject("PATCH", path, { prize: "Weekly Nitro Classic", paused: true });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ status: "paused", settings: { prize: "Weekly Nitro Classic" } });
    await expect400(inject("PATCH", path, { startsAt: Date.now() - 1000 }), "startsAt");
    await expect400(inject("PATCH", path, { channelId: "123456789012345678" }), "channelId");
    expect((await inject("DELETE", path)).statusCode).toBe(204);
    expect((await inject("DELETE", path)).statusCode).toBe(409);
  });

  it("refuses a start in the past, endTime with a start, and checks every id", async () => {
    const base = { channelId: channel, prize: "x", duration: 3600 };
    await expect400(
      inject("POST", "/api/giveaways/create", { ...base, startsAt: Date.now() - hour }),
      "startsAt",
    );
    await expect400(
      inject("POST", "/api/giveaways/create", {
        channelId: channel,
        prize: "x",
        endTime: Date.now() + 3 * hour,
        startsAt: Date.now() + hour,
      }),
      "duration",
    );
    await expect400(
      inject("POST", "/api/giveaways/create", { ...base, winnersChannelId: "123456789012345678" }),
      "winnersChannelId",
    );
    await expect400(
      inject("POST", "/api/giveaways/create", { ...base, pingRoleId: demoGuildId }),
      "pingRoleId",
    );
    await expect400(
      inject("POST", "/api/giveaways/create", { ...base, recurrence: { every: 0, unit: "days" } }),
      "recurrence.every",
    );
  });

  it("keeps schedules to their own server", async () => {
    const res = await inject("POST", "/api/giveaways/create", {
      channelId: channel,
      prize: "Mine",
      duration: 3600,
      startsAt: Date.now() + hour,
    });
    const path = `/api/giveaways/${demoGuildId}/schedules/${res.json().id}`;
    expect((await inject("GET", path, undefined, otherToken)).statusCode).toBe(403);
    expect((await inject("PATCH", path, { prize: "Stolen" }, otherToken)).statusCode).toBe(403);
    expect((await inject("DELETE", path, undefined, otherToken)).statusCode).toBe(403);
    expect(
      (await inject("GET", `/api/giveaways/${otherServer}/schedules/${res.json().id}`, undefined, otherToken))
        .statusCode,
    ).toBe(404);
    expect((await inject("GET", path, undefined, "")).statusCode).toBe(401);
  });
});

describe("preview", () => {
  it("shows the message and the role it will ping: the events ping role by default, none when asked", async () => {
    const pingRole = await roleId(t.ctx, "Giveaway Ping");
    await updateSetup(t.ctx, demoGuildId, { events: { pingRole } }, { tokenId: null, userId: null });
    const body = { channelId: channel, prize: "Preview prize", duration: 7200, winnerCount: 2 };
    const res = await inject("POST", "/api/giveaways/preview", body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      pingRoleId: pingRole,
      pingRoleName: "Giveaway Ping",
      content: `<@&${pingRole}>`,
      embed: { title: "🎉 Preview prize" },
      buttonLabel: "Enter",
    });
    expect(res.json().embed.description).toContain("Winners: **2**");
    // The whole post, for the dashboard's shared preview: the ping, the embed and the Enter button.
    const message = res.json().message;
    expect(message.content).toBe(`<@&${pingRole}>`);
    expect(message.embeds[0]).toMatchObject({
      title: "🎉 Preview prize",
      description: res.json().embed.description,
    });
    expect(message.components[0][0]).toMatchObject({ type: "button", label: "Enter" });
    const none = await inject("POST", "/api/giveaways/preview", { ...body, pingRoleId: null });
    expect(none.json()).toMatchObject({ pingRoleId: null, content: null });
  });
});

describe("entrants", () => {
  it("pages and searches entrants, removes one with a reason, and blocks members", async () => {
    const giveaway = await newGiveaway(t.ctx);
    const ids: string[] = [];
    const start = Date.now();
    for (const [index, name] of ["zed", "yan", "xia"].entries()) {
      const id = await addMember(t.ctx, { username: `${name}_member` });
      ids.push(id);
      await enterGiveaway(t.ctx, demoGuildId, giveaway.messageId, id, { now: start + index });
    }
    const base = `/api/giveaways/${demoGuildId}/${giveaway.messageId}/entrants`;
    const page = await inject("GET", `${base}?limit=2`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ total: 3, nextCursor: expect.any(String) });
    const next = await inject("GET", `${base}?limit=2&cursor=${page.json().nextCursor}`);
    expect(next.json().entrants.map((e: { username: string }) => e.username)).toEqual(["xia_member"]);
    expect((await inject("GET", `${base}?q=YAN`)).json().total).toBe(1);
    await expect400(inject("GET", `${base}?cursor=nope`), "cursor");
    expect((await inject("GET", base, undefined, "")).statusCode).toBe(401);

    await expect400(inject("POST", `${base}/${ids[0]}/remove`, { reason: " " }), "reason");
    const removed = await inject("POST", `${base}/${ids[0]}/remove`, { reason: "Alt", block: true });
    expect(removed.statusCode, removed.body).toBe(204);
    const after = (await inject("GET", base)).json();
    expect(after.total).toBe(2);
    expect(after.removed[0]).toMatchObject({ userId: ids[0], reason: "Alt" });
    const blocks = (await inject("GET", `/api/giveaways/${demoGuildId}/blocks`)).json();
    expect(blocks.map((b: { userId: string }) => b.userId)).toContain(ids[0]);
    expect((await inject("DELETE", `/api/giveaways/${demoGuildId}/blocks/${ids[0]}`)).statusCode).toBe(204);
    expect((await inject("DELETE", `/api/giveaways/${demoGuildId}/blocks/${ids[0]}`)).statusCode).toBe(404);
    const blocked = await inject("POST", `/api/giveaways/${demoGuildId}/blocks`, {
      userId: ids[1],
      reason: "Spam",
    });
    expect(blocked.statusCode, blocked.body).toBe(200);
    await expect400(
      inject("POST", `/api/giveaways/${demoGuildId}/blocks`, { userId: "123456789012345678", reason: "x" }),
      "userId",
    );
    expect((await inject("POST", `${base}/${ids[2]}/remove`, { reason: "x" }, otherToken)).statusCode).toBe(
      403,
    );
  });
});

describe("pause", () => {
  it("pauses and resumes through the API, 409 when already in that state, 403 for another server", async () => {
    const giveaway = await newGiveaway(t.ctx);
    const base = `/api/giveaways/${demoGuildId}/${giveaway.messageId}`;
    expect((await inject("PUT", `${base}/pause`, undefined, otherToken)).statusCode).toBe(403);
    const paused = await inject("PUT", `${base}/pause`);
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json().pausedAt).toBeGreaterThan(0);
    expect((await inject("PUT", `${base}/pause`)).statusCode).toBe(409);
    const list = (await inject("GET", `/api/giveaways/${demoGuildId}?limit=100`)).json();
    expect(list.find((g: { messageId: string }) => g.messageId === giveaway.messageId)?.paused).toBe(true);
    const resumed = await inject("PUT", `${base}/resume`);
    expect(resumed.json()).toMatchObject({ pausedAt: null, active: true });
    expect((await inject("PUT", `${base}/resume`)).statusCode).toBe(409);
  });
});

describe("list", () => {
  it("names each giveaway's entry cap, reminder and claim window (null when it has none)", async () => {
    const controlled = await newGiveaway(t.ctx, { maxEntries: 250, reminderBefore: 600, claimWindow: 7200 });
    const plain = await newGiveaway(t.ctx);
    const list = (await inject("GET", `/api/giveaways/${demoGuildId}?limit=100`)).json();
    const find = (messageId: string) => list.find((g: { messageId: string }) => g.messageId === messageId);
    expect(find(controlled.messageId)).toMatchObject({
      maxEntries: 250,
      reminderBefore: 600,
      claimWindow: 7200,
    });
    expect(find(plain.messageId)).toMatchObject({
      maxEntries: null,
      reminderBefore: null,
      claimWindow: null,
    });
  });
});

describe("reroll", () => {
  it("replaces one named winner and refuses a name that isn't a winner", async () => {
    const giveaway = await newGiveaway(t.ctx, { winnerCount: 1 });
    const ids = await Promise.all([addMember(t.ctx), addMember(t.ctx), addMember(t.ctx)]);
    for (const id of ids) await enterGiveaway(t.ctx, demoGuildId, giveaway.messageId, id);
    const ended = await endGiveaway(t.ctx, demoGuildId, giveaway.messageId, { by: "manual" });
    const winner = Array.isArray(ended.winners) ? ended.winners[0]?.userId : undefined;
    const path = `/api/giveaways/${demoGuildId}/${giveaway.messageId}/reroll`;
    await expect400(inject("POST", path, { replace: ids.find((id) => id !== winner) }), "replace");
    const res = await inject("POST", path, { replace: winner });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().newWinners[0]).toMatchObject({ replaces: winner });
  });
});

it("lists the new giveaway routes in the OpenAPI document", async () => {
  const doc = (await inject("GET", "/api/openapi.json", undefined, "")).json();
  expect(Object.keys(doc.paths)).toEqual(
    expect.arrayContaining([
      "/api/giveaways/preview",
      "/api/giveaways/{serverId}/schedules",
      "/api/giveaways/{serverId}/schedules/{scheduleId}",
      "/api/giveaways/{serverId}/{giveawayId}/entrants",
      "/api/giveaways/{serverId}/{giveawayId}/entrants/{userId}/remove",
      "/api/giveaways/{serverId}/blocks",
      "/api/giveaways/{serverId}/blocks/{userId}",
    ]),
  );
  expect(Object.keys(doc.paths["/api/giveaways/create"].post.responses)).toEqual(
    expect.arrayContaining(["201", "202"]),
  );
});
