import { createTimerBody } from "@hearth/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, demoGuildId, seedOtherGuild, type TestApp } from "../../../test/helpers.ts";
import { createDashboardToken } from "../auth/service.ts";
import { registerTimerJobs } from "./jobs.ts";
import { createTimer } from "./service.ts";

let t: TestApp;
let otherToken: string;
let otherGuildId: string;
let events: string;
let lounge: string;

beforeAll(async () => {
  t = await createTestApp();
  registerTimerJobs(t.ctx);
  const other = await seedOtherGuild(t.ctx);
  otherGuildId = other.guildId;
  otherToken = (await createDashboardToken(t.ctx, { serverId: otherGuildId, permission: "owner" })).token;
  const channels = await t.ctx.discord.listChannels(demoGuildId);
  events = channels.find((channel) => channel.name === "events")?.id ?? "";
  lounge = channels.find((channel) => channel.name === "Lounge")?.id ?? "";
});
afterAll(() => t.cleanup());

const timersUrl = (serverId = demoGuildId) => `/api/timers/${serverId}/timers`;
const inject = (
  method: "GET" | "POST" | "DELETE",
  url: string,
  token: string | null = t.token,
  payload?: object,
) =>
  t.app.inject({
    method,
    url,
    headers: token ? { authorization: token } : {},
    ...(payload === undefined ? {} : { payload }),
  });

describe("POST /api/timers/{serverId}/timers", () => {
  it("starts a timer (201) with the timer's fields", async () => {
    const res = await inject("POST", timersUrl(), t.token, {
      channelId: events,
      duration: 300,
      message: "  Heist starts  ",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      channelId: events,
      duration: 300,
      message: "Heist starts",
      endsAt: expect.any(Number),
      messageId: expect.stringMatching(/^\d+$/),
      status: "running",
      createdAt: expect.any(Number),
      createdBy: expect.any(String),
      endedAt: null,
    });
    expect(res.json().endsAt - res.json().createdAt).toBe(300_000);
  });

  it("defaults the duration to 3600 seconds", async () => {
    const res = await inject("POST", timersUrl(), t.token, { channelId: events, message: "Default" });
    expect(res.statusCode).toBe(201);
    expect(res.json().duration).toBe(3600);
  });

  // Payloads are built in the test: the channel ids are known only after the app starts.
  it.each([
    [{ message: "x", duration: 0 }, "duration"],
    [{ message: "x", duration: 2_592_001 }, "duration"],
    [{ message: "x", duration: "soon" }, "duration"],
    [{ message: "   " }, "message"],
    [{ message: "x".repeat(2001) }, "message"],
    [{}, "message"],
    [{ channelId: "general", message: "x" }, "channelId"],
    [{ channelId: undefined, message: "x" }, "channelId"],
  ])("answers 400 naming the field (%j → %s)", async (fields, field) => {
    const res = await inject("POST", timersUrl(), t.token, { channelId: events, ...fields });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: "Bad Request", field });
    expect(res.json().message.startsWith(`${field}: `)).toBe(true);
  });

  it("answers 400 for a voice channel or a channel of another server", async () => {
    for (const channelId of [lounge, "444444444444444444"]) {
      const res = await inject("POST", timersUrl(), t.token, { channelId, message: "x" });
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe("channelId");
    }
  });

  it("answers 401 without a token and 403 for another server", async () => {
    const body = { channelId: events, message: "x" };
    expect((await inject("POST", timersUrl(), null, body)).statusCode).toBe(401);
    expect((await inject("POST", timersUrl(), otherToken, body)).statusCode).toBe(403);
    expect((await inject("POST", timersUrl(otherGuildId), t.token, body)).statusCode).toBe(403);
    // 403 comes before the body is even looked at.
    expect((await inject("POST", timersUrl(), otherToken, { nonsense: true })).statusCode).toBe(403);
  });
});

describe("GET /api/timers/{serverId}/timers", () => {
  it("lists the server's timers, running soonest first", async () => {
    const res = await inject("GET", timersUrl());
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((timer: { message: string }) => timer.message)).toEqual(["Heist starts", "Default"]);
  });

  it("answers 401 without a token and 403 for another server", async () => {
    expect((await inject("GET", timersUrl(), null)).statusCode).toBe(401);
    expect((await inject("GET", timersUrl(), otherToken)).statusCode).toBe(403);
  });
});

describe("DELETE /api/timers/{serverId}/timers/{id}", () => {
  it("cancels a running timer and answers it; a second cancel is 409", async () => {
    const [first] = (await inject("GET", timersUrl())).json();
    const res = await inject("DELETE", `${timersUrl()}/${first.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: first.id, status: "cancelled" });
    expect(res.json().endedAt).toEqual(expect.any(Number));
    const again = await inject("DELETE", `${timersUrl()}/${first.id}`);
    expect(again.statusCode).toBe(409);
  });

  it("answers 404 for another server's timer and for an unknown id, 400 for a malformed id", async () => {
    const theirs = await createTimer(
      t.ctx,
      otherGuildId,
      { tokenId: null, userId: null },
      createTimerBody.parse({ channelId: "444444444444444444", message: "Their secret plan" }),
    );
    const res = await inject("DELETE", `${timersUrl()}/${theirs.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain("Their secret plan");
    expect((await inject("DELETE", `${timersUrl()}/999999`)).statusCode).toBe(404);
    const malformed = await inject("DELETE", `${timersUrl()}/abc`);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().field).toBe("id");
    const list = (await inject("GET", timersUrl(otherGuildId), otherToken)).json();
    expect(list).toMatchObject([{ id: theirs.id, status: "running" }]);
  });

  it("answers 401 without a token and 403 for another server", async () => {
    expect((await inject("DELETE", `${timersUrl()}/1`, null)).statusCode).toBe(401);
    expect((await inject("DELETE", `${timersUrl()}/1`, otherToken)).statusCode).toBe(403);
  });
});

describe("POST /api/timers/{serverId}/preview", () => {
  const previewUrl = (serverId = demoGuildId) => `/api/timers/${serverId}/preview`;

  it("answers the countdown and the end announcement the bot posts, and posts nothing", async () => {
    const before = await t.ctx.storage.db.selectFrom("sandbox_outbox").select("id").execute();
    const started = Date.now();
    const res = await inject("POST", previewUrl(), t.token, {
      channelId: events,
      duration: "90m",
      message: "  Heist starts <@&123456789012345678>  ",
    });
    expect(res.statusCode, res.body).toBe(200);
    const { countdown, announcement } = res.json();
    expect(countdown.content).toBe("");
    expect(countdown.components).toEqual([]);
    expect(countdown.embeds).toHaveLength(1);
    expect(countdown.embeds[0]).toMatchObject({
      title: "⏳ Timer",
      color: 0xf97316,
      footer: { text: "Ends" },
    });
    const endsAt = Date.parse(countdown.embeds[0].timestamp);
    expect(endsAt - started).toBeGreaterThanOrEqual(5_400_000 - 1000);
    expect(endsAt - started).toBeLessThan(5_400_000 + 60_000);
    expect(countdown.embeds[0].description).toBe(
      `Heist starts <@&123456789012345678>\n\nEnds <t:${Math.floor(endsAt / 1000)}:R> (<t:${Math.floor(endsAt / 1000)}:f>)`,
    );
    expect(announcement).toEqual({
      content: "⏰ Timer ended: Heist starts <@&123456789012345678>",
      embeds: [],
      components: [
        [
          {
            type: "button",
            style: "link",
            label: "Jump to timer",
            url: `https://discord.com/channels/${demoGuildId}/${events}/0`,
          },
        ],
      ],
    });
    const after = await t.ctx.storage.db.selectFrom("sandbox_outbox").select("id").execute();
    expect(after).toHaveLength(before.length);
    const list = await inject("GET", timersUrl());
    expect(
      list.json().some((timer: { message: string }) => timer.message.startsWith("Heist starts <@&")),
    ).toBe(false);
  });

  it("previews exactly what a created timer posts", async () => {
    const body = { channelId: events, duration: 600, message: "Same as posted" };
    const preview = (await inject("POST", previewUrl(), t.token, body)).json();
    const created = await inject("POST", timersUrl(), t.token, body);
    expect(created.statusCode).toBe(201);
    const row = await t.ctx.storage.db
      .selectFrom("sandbox_messages")
      .selectAll()
      .where("id", "=", created.json().messageId)
      .executeTakeFirstOrThrow();
    const posted = (JSON.parse(row.payload) as { embeds: Record<string, unknown>[] }).embeds;
    // The same embed but for its moment: the post ends 600 s after it was made, the preview after it was asked.
    const withoutTime = (embed: Record<string, unknown>) => ({
      ...embed,
      description: String(embed.description).replace(/<t:\d+:[Rf]>/g, "<t>"),
      timestamp: undefined,
    });
    expect(posted.map(withoutTime)).toEqual(preview.countdown.embeds.map(withoutTime));
  });

  it("without a channel the link names channel 0; the duration defaults to an hour", async () => {
    const res = await inject("POST", previewUrl(), t.token, { message: "Soon" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().announcement.components[0][0].url).toBe(
      `https://discord.com/channels/${demoGuildId}/0/0`,
    );
    const endsAt = Date.parse(res.json().countdown.embeds[0].timestamp);
    expect(endsAt - Date.now()).toBeGreaterThan(3_500_000);
  });

  it.each([
    [{ duration: 60 }, "message"],
    [{ message: "   " }, "message"],
    [{ message: "x".repeat(2001) }, "message"],
    [{ message: "Hi", duration: "soon" }, "duration"],
    [{ message: "Hi", duration: 0 }, "duration"],
    [{ message: "Hi", duration: 2_592_001 }, "duration"],
    [{ message: "Hi", channelId: "general" }, "channelId"],
  ])("refuses %j with a 400 naming %s", async (payload, field) => {
    const res = await inject("POST", previewUrl(), t.token, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().field).toBe(field);
  });

  it("answers 401 without a token and 403 for another server", async () => {
    expect((await inject("POST", previewUrl(), null, { message: "Hi" })).statusCode).toBe(401);
    expect((await inject("POST", previewUrl(), otherToken, { message: "Hi" })).statusCode).toBe(403);
    expect((await inject("POST", previewUrl(otherGuildId), t.token, { message: "Hi" })).statusCode).toBe(403);
    const own = await inject("POST", previewUrl(otherGuildId), otherToken, { message: "Hi" });
    expect(own.statusCode).toBe(200);
    expect(own.json().announcement.components[0][0].url).toContain(`/channels/${otherGuildId}/`);
  });
});

it("the OpenAPI document lists the timer routes", async () => {
  const doc = (await inject("GET", "/api/openapi.json", null)).json();
  expect(Object.keys(doc.paths)).toEqual(
    expect.arrayContaining([
      "/api/timers/{serverId}/timers",
      "/api/timers/{serverId}/timers/{id}",
      "/api/timers/{serverId}/preview",
    ]),
  );
});
