import { defaultWelcomeConfig } from "@hearth/core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, demoGuildId, seedOtherGuild, type TestApp } from "../../../test/helpers.ts";
import { demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { createDashboardToken } from "../auth/service.ts";

let t: TestApp;
let otherToken: string;
let ids: Record<string, string>;

beforeAll(async () => {
  // Each route's 401 is a failed authentication; the failure limiter would block the address.
  t = await createTestApp({ limiter: { blockedFor: async () => 0, recordFailure: async () => {} } });
  const other = await seedOtherGuild(t.ctx);
  otherToken = (await createDashboardToken(t.ctx, { serverId: other.guildId, permission: "owner" })).token;
  const channels = await t.ctx.discord.listChannels(demoGuildId);
  ids = Object.fromEntries(channels.map((channel) => [channel.name, channel.id]));
});
afterAll(() => t.cleanup());
beforeEach(async () => {
  await t.ctx.storage.db.deleteFrom("welcome_configs").execute();
  await t.ctx.storage.db.deleteFrom("welcome_ping_channels").execute();
  await t.ctx.storage.db.deleteFrom("welcome_ping_configs").execute();
});

type Method = "GET" | "PUT" | "POST" | "DELETE";
const call = (method: Method, url: string, payload?: unknown, token: string | null = t.token) =>
  t.app.inject({
    method,
    url,
    headers: token === null ? {} : { authorization: token },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const channel = (name: string) => ids[name] as string;
const config = (overrides: Record<string, unknown> = {}) => ({
  ...defaultWelcomeConfig,
  enabled: true,
  channelId: channel("welcome"),
  ...overrides,
});
const embed = (overrides: Record<string, unknown>) => ({ ...defaultWelcomeConfig.embed, ...overrides });

const routes: [Method, string][] = [
  ["GET", "/api/welcome/config"],
  ["PUT", "/api/welcome/config"],
  ["POST", "/api/welcome/preview"],
  ["POST", "/api/welcome/test"],
  ["GET", "/api/welcome/channels"],
  ["POST", "/api/welcome/toggle"],
  ["POST", "/api/welcome/reset"],
  ["GET", "/api/welcome/ping-on-join"],
  ["PUT", "/api/welcome/ping-on-join"],
  ["POST", "/api/welcome/ping-on-join/channels"],
  ["DELETE", "/api/welcome/ping-on-join/channels/123456789012345678"],
  ["POST", "/api/welcome/ping-on-join/toggle"],
];

describe("every welcome route", () => {
  it.each(routes)("%s %s answers 401 without a token", async (method, url) => {
    const res = await call(method, url, method === "GET" || method === "DELETE" ? undefined : {}, null);
    expect(res.statusCode).toBe(401);
  });

  it("is listed in the OpenAPI document", async () => {
    const doc = (await call("GET", "/api/openapi.json")).json() as { paths: Record<string, object> };
    for (const [method, url] of routes) {
      const path = url.replace(/\d{18}$/, "{channelId}");
      expect(Object.keys(doc.paths[path] ?? {}), `${method} ${url}`).toContain(method.toLowerCase());
    }
  });
});

describe("GET, PUT /api/welcome/config", () => {
  it("answers the defaults until a config is saved, then the saved config", async () => {
    const initial = await call("GET", "/api/welcome/config");
    expect(initial.statusCode).toBe(200);
    expect(initial.json()).toEqual(defaultWelcomeConfig);

    const body = config({
      embed: embed({ color: "#5865f2", thumbnail: "{server.icon}" }),
      guildId: demoGuildId,
    });
    const saved = await call("PUT", "/api/welcome/config", body);
    expect(saved.statusCode).toBe(200);
    const expected = { ...config(), embed: embed({ color: "#5865F2", thumbnail: "{server.icon}" }) };
    expect(saved.json()).toEqual(expected);
    expect((await call("GET", "/api/welcome/config")).json()).toEqual(expected);
  });

  it.each([
    ["embed.color", () => config({ embed: embed({ color: "orange" }) })],
    ["embed.title", () => config({ embed: embed({ title: "x".repeat(257) }) })],
    ["embed.description", () => config({ embed: embed({ description: "x".repeat(4097) }) })],
    ["embed.description", () => config({ embed: embed({ title: "", description: "" }) })],
    [
      "embed.footer.text",
      () => config({ embed: embed({ footer: { text: "x".repeat(2049), iconURL: "" } }) }),
    ],
    ["embed.thumbnail", () => config({ embed: embed({ thumbnail: "javascript:alert(1)" }) })],
    ["embed.footer.iconURL", () => config({ embed: embed({ footer: { text: "a", iconURL: "not a url" } }) })],
    ["button.label", () => config({ button: { enabled: true, label: "x".repeat(81), emoji: "" } })],
    ["button.emoji", () => config({ button: { enabled: true, label: "Hi", emoji: "hello" } })],
    ["channelId", () => config({ channelId: "welcome" })],
    ["enabled", () => ({ ...config(), enabled: "yes" })],
    ["mentionUser", () => ({ ...config(), mentionUser: undefined })],
  ])("answers 400 naming %s", async (field, body) => {
    const res = await call("PUT", "/api/welcome/config", body());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: "Bad Request", field });
    expect(res.json().message).toMatch(new RegExp(`^${field.replaceAll(".", "\\.")}: `));
  });

  it.each([
    ["a voice channel", () => channel("Lounge")],
    ["a category", () => channel("Tickets")],
    ["another server's channel", () => "444444444444444444"],
  ])("answers 400 naming channelId for %s", async (_name, channelId) => {
    const res = await call("PUT", "/api/welcome/config", config({ channelId: channelId() }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: "channelId" });
  });

  it("answers 400 naming channelId when turned on without a channel", async () => {
    const res = await call("PUT", "/api/welcome/config", config({ channelId: null }));
    expect(res.json()).toMatchObject({ field: "channelId" });
    expect(res.statusCode).toBe(400);
  });

  it("another server's token reads and writes only its own server", async () => {
    await call("PUT", "/api/welcome/config", config());
    const theirs = await call("GET", "/api/welcome/config", undefined, otherToken);
    expect(theirs.json()).toEqual(defaultWelcomeConfig);
    const write = await call("PUT", "/api/welcome/config", config(), otherToken);
    expect(write.statusCode).toBe(400);
    expect(write.json()).toMatchObject({ field: "channelId" });
    const own = await call(
      "PUT",
      "/api/welcome/config",
      config({ channelId: "444444444444444444" }),
      otherToken,
    );
    expect(own.statusCode).toBe(200);
    expect((await call("GET", "/api/welcome/config")).json().channelId).toBe(channel("welcome"));
  });
});

describe("POST /api/welcome/preview", () => {
  it("renders the given config for the token's user, with unknown tags", async () => {
    const res = await call("POST", "/api/welcome/preview", {
      config: config({ embed: embed({ title: "Hi {user.username} {sever.name}" }) }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      content: `<@${demoOwnerId}>`,
      embed: {
        title: "Hi emberkeeper {sever.name}",
        description: `Hey <@${demoOwnerId}>, you're our 320th member!\nRead the rules and grab your roles.`,
        color: "#2F3136",
        timestamp: expect.any(Number),
      },
      button: { label: "Wave to say hi!", emoji: "👋", customId: `welcome:wave:${demoOwnerId}` },
      allowedMentions: { users: [demoOwnerId] },
      unknownTags: [{ field: "embed.title", tag: "{sever.name}", suggestion: "{server.name}" }],
    });
    // A preview saves nothing.
    expect((await call("GET", "/api/welcome/config")).json()).toEqual(defaultWelcomeConfig);
  });

  it("answers 400 naming the field of the config", async () => {
    const bad = await call("POST", "/api/welcome/preview", {
      config: config({ embed: embed({ color: "x" }) }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: "config.embed.color" });
    const missing = await call("POST", "/api/welcome/preview", {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ field: "config" });
  });

  it("renders for the other server's user and server with its token", async () => {
    const res = await call("POST", "/api/welcome/preview", { config: config() }, otherToken);
    expect(res.statusCode).toBe(200);
    expect(res.json().embed.title).toBe("Welcome to Other Place!");
  });
});

describe("the rendered welcome against Discord's limits (issue 15, finding 6)", () => {
  // A 2,038-character thumbnail template that fills in to a link far past Discord's 2,048.
  const thumbnail = `https://cdn.example.co/${"{server.icon}".repeat(155)}`;

  it("the preview leaves out the thumbnail whose filled-in link Discord would refuse, and says why", async () => {
    expect(thumbnail).toHaveLength(2038);
    const res = await call("POST", "/api/welcome/preview", {
      config: config({ embed: embed({ thumbnail }) }),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.embed.thumbnail).toBeNull();
    expect(body.notes).toHaveLength(1);
    expect(body.notes[0]).toMatch(
      /^The thumbnail URL is [\d,]+ characters long \(Discord's limit is 2,048\), so it was left out\.$/,
    );
    const length = Number(/is ([\d,]+) characters/.exec(body.notes[0])?.[1]?.replaceAll(",", ""));
    expect(length).toBeGreaterThan(80_000);
    // Within the limits, nothing is said.
    const fine = await call("POST", "/api/welcome/preview", { config: config() });
    expect(fine.json().notes).toEqual([]);
    expect(fine.json().embed.thumbnail).not.toBeNull();
  });

  it("the test welcome is sent without it, rather than refused", async () => {
    await call("PUT", "/api/welcome/config", config({ embed: embed({ thumbnail }) }));
    const res = await call("POST", "/api/welcome/test");
    expect(res.statusCode).toBe(200);
    const sent = await t.ctx.discord.getMessage(res.json().channelId, res.json().messageId);
    expect(sent?.embeds[0]?.thumbnail).toBeUndefined();
    expect(sent?.embeds[0]?.title).toBe("Welcome to Ember Hollow!");
  });
});

describe("POST /api/welcome/test", () => {
  it("answers 400 naming channelId while no channel is configured", async () => {
    const res = await call("POST", "/api/welcome/test");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: "channelId" });
  });

  it("sends the saved welcome for the token's user to the configured channel, even while off", async () => {
    await call("PUT", "/api/welcome/config", config({ enabled: false }));
    const res = await call("POST", "/api/welcome/test");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      sent: true,
      messageId: expect.stringMatching(/^\d+$/),
      channelId: channel("welcome"),
    });
    const message = await t.ctx.storage.db
      .selectFrom("sandbox_messages")
      .selectAll()
      .where("id", "=", res.json().messageId)
      .executeTakeFirstOrThrow();
    expect(message.channel_id).toBe(channel("welcome"));
    expect(message.content).toBe(`<@${demoOwnerId}>`);
  });

  it("sends an unsaved config when given one, checking its channel", async () => {
    const body = {
      config: config({ enabled: false, channelId: channel("general"), embed: embed({ title: "Draft" }) }),
    };
    const res = await call("POST", "/api/welcome/test", body);
    expect(res.statusCode).toBe(200);
    expect(res.json().channelId).toBe(channel("general"));
    const message = await t.ctx.storage.db
      .selectFrom("sandbox_messages")
      .select("payload")
      .where("id", "=", res.json().messageId)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(message.payload).embeds[0].title).toBe("Draft");
    expect((await call("GET", "/api/welcome/config")).json()).toEqual(defaultWelcomeConfig);

    const voice = await call("POST", "/api/welcome/test", {
      config: config({ channelId: channel("Lounge") }),
    });
    expect(voice.statusCode).toBe(400);
    expect(voice.json()).toMatchObject({ field: "channelId" });
    const bad = await call("POST", "/api/welcome/test", {
      config: config({ embed: embed({ color: "no" }) }),
    });
    expect(bad.json()).toMatchObject({ field: "config.embed.color" });
  });

  it("takes the dashboard's empty JSON body, as for reset", async () => {
    await call("PUT", "/api/welcome/config", config());
    for (const url of ["/api/welcome/test", "/api/welcome/reset"]) {
      const res = await t.app.inject({
        method: "POST",
        url,
        headers: { authorization: t.token, "content-type": "application/json" },
        payload: "",
      });
      expect(res.statusCode, url).toBe(200);
    }
  });

  it("never sends into the demo server for another server's token", async () => {
    await call("PUT", "/api/welcome/config", config());
    const res = await call("POST", "/api/welcome/test", undefined, otherToken);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: "channelId" });
  });
});

describe("GET /api/welcome/channels", () => {
  it("lists only channels a message can go to, with their category", async () => {
    const res = await call("GET", "/api/welcome/channels");
    expect(res.statusCode).toBe(200);
    const channels = res.json() as { id: string; name: string; type: number; parentName: string | null }[];
    expect(channels.every((c) => c.type === 0 || c.type === 5)).toBe(true);
    expect(channels.find((c) => c.name === "welcome")).toEqual({
      id: channel("welcome"),
      name: "welcome",
      type: 0,
      parentName: "Information",
    });
    expect(channels.some((c) => c.name === "announcements")).toBe(true);
    expect(channels.some((c) => c.name === "Lounge" || c.name === "Tickets")).toBe(false);
  });

  it("answers another server's token with its own channels", async () => {
    const res = await call("GET", "/api/welcome/channels", undefined, otherToken);
    expect(res.json()).toEqual([
      { id: "444444444444444444", name: "secret-plans", type: 0, parentName: null },
    ]);
  });
});

describe("POST /api/welcome/toggle and /reset", () => {
  it("toggles, answering the config", async () => {
    await call("PUT", "/api/welcome/config", config({ enabled: false }));
    const on = await call("POST", "/api/welcome/toggle", { enabled: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual(config({ enabled: true }));
    const off = await call("POST", "/api/welcome/toggle", { enabled: false });
    expect(off.json().enabled).toBe(false);
  });

  it("answers 400 for a missing flag, and naming channelId when there is no channel", async () => {
    const missing = await call("POST", "/api/welcome/toggle", {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ field: "enabled" });
    const noChannel = await call("POST", "/api/welcome/toggle", { enabled: true });
    expect(noChannel.statusCode).toBe(400);
    expect(noChannel.json()).toMatchObject({ field: "channelId" });
  });

  it("reset answers the defaults and they stick", async () => {
    await call("PUT", "/api/welcome/config", config());
    const res = await call("POST", "/api/welcome/reset");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(defaultWelcomeConfig);
    expect((await call("GET", "/api/welcome/config")).json()).toEqual(defaultWelcomeConfig);
  });

  it("another server's token toggles and resets only its own server", async () => {
    await call("PUT", "/api/welcome/config", config());
    expect((await call("POST", "/api/welcome/toggle", { enabled: false }, otherToken)).json().enabled).toBe(
      false,
    );
    await call("POST", "/api/welcome/reset", undefined, otherToken);
    expect((await call("GET", "/api/welcome/config")).json()).toEqual(config());
  });
});

describe("ping on join routes", () => {
  const general = () => channel("general");
  const roles = () => channel("self-roles");

  it("GET answers off with no channels, then what PUT saved", async () => {
    expect((await call("GET", "/api/welcome/ping-on-join")).json()).toEqual({
      enabled: false,
      channels: [],
      messages: {},
    });
    const put = await call("PUT", "/api/welcome/ping-on-join", {
      enabled: true,
      channels: [general(), roles()],
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ enabled: true, channels: [general(), roles()], messages: {} });
    expect((await call("GET", "/api/welcome/ping-on-join")).json()).toEqual(put.json());
  });

  it.each([
    ["channels", { enabled: true, channels: [] }, "channels: At least one channel must be configured"],
    ["channels.0", { enabled: true, channels: ["general"] }, null],
    [
      "channels",
      { enabled: true, channels: Array.from({ length: 21 }, (_, i) => `1234567890123456${10 + i}`) },
      null,
    ],
    ["enabled", { channels: [] }, null],
  ])("PUT answers 400 naming %s", async (field, body, message) => {
    const res = await call("PUT", "/api/welcome/ping-on-join", body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field });
    if (message) expect(res.json().message).toBe(message);
  });

  it("PUT answers 400 naming the entry for a duplicate or a channel that isn't a text channel of the server", async () => {
    const duplicate = await call("PUT", "/api/welcome/ping-on-join", {
      enabled: true,
      channels: [general(), general()],
    });
    expect(duplicate.json()).toMatchObject({ field: "channels.1" });
    const voice = await call("PUT", "/api/welcome/ping-on-join", {
      enabled: true,
      channels: [channel("Lounge")],
    });
    expect(voice.json()).toMatchObject({ field: "channels.0" });
    const foreign = await call("PUT", "/api/welcome/ping-on-join", {
      enabled: true,
      channels: [general(), "444444444444444444"],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ field: "channels.1" });
  });

  it("adds a channel, and answers 409 with the spec's message for one already listed", async () => {
    const added = await call("POST", "/api/welcome/ping-on-join/channels", { channelId: general() });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual({ enabled: false, channels: [general()], messages: {} });
    const withMessage = await call("POST", "/api/welcome/ping-on-join/channels", {
      channelId: roles(),
      message: "  {user} grab roles  ",
    });
    expect(withMessage.json()).toEqual({
      enabled: false,
      channels: [general(), roles()],
      messages: { [roles()]: "{user} grab roles" },
    });
    const again = await call("POST", "/api/welcome/ping-on-join/channels", { channelId: general() });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: "Conflict",
      message: "Channel is already in the list",
      field: "channelId",
    });
  });

  it("add answers 400 naming channelId for a bad id, a voice channel or another server's channel", async () => {
    for (const channelId of ["", "general", channel("Lounge"), "444444444444444444"]) {
      const res = await call("POST", "/api/welcome/ping-on-join/channels", { channelId });
      expect(res.statusCode, channelId).toBe(400);
      expect(res.json(), channelId).toMatchObject({ field: "channelId" });
    }
    const long = await call("POST", "/api/welcome/ping-on-join/channels", {
      channelId: general(),
      message: "x".repeat(501),
    });
    expect(long.json()).toMatchObject({ field: "message" });
  });

  it("removes a listed channel, 404 for one not listed, 400 for a bad id", async () => {
    await call("PUT", "/api/welcome/ping-on-join", { enabled: true, channels: [general(), roles()] });
    const removed = await call("DELETE", `/api/welcome/ping-on-join/channels/${general()}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ enabled: true, channels: [roles()], messages: {} });
    const again = await call("DELETE", `/api/welcome/ping-on-join/channels/${general()}`);
    expect(again.statusCode).toBe(404);
    const bad = await call("DELETE", "/api/welcome/ping-on-join/channels/general");
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: "channelId" });
  });

  it("another server's token can't see or remove the demo server's ping channels", async () => {
    await call("PUT", "/api/welcome/ping-on-join", { enabled: true, channels: [general()] });
    const theirs = await call("GET", "/api/welcome/ping-on-join", undefined, otherToken);
    expect(theirs.json()).toEqual({ enabled: false, channels: [], messages: {} });
    const remove = await call(
      "DELETE",
      `/api/welcome/ping-on-join/channels/${general()}`,
      undefined,
      otherToken,
    );
    expect(remove.statusCode).toBe(404);
    expect((await call("GET", "/api/welcome/ping-on-join")).json().channels).toEqual([general()]);
  });

  it("toggles, refusing to turn on with no channels", async () => {
    const none = await call("POST", "/api/welcome/ping-on-join/toggle", { enabled: true });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({
      field: "channels",
      message: "channels: At least one channel must be configured",
    });
    const missing = await call("POST", "/api/welcome/ping-on-join/toggle", { enabled: "on" });
    expect(missing.json()).toMatchObject({ field: "enabled" });
    await call("POST", "/api/welcome/ping-on-join/channels", { channelId: general() });
    const on = await call("POST", "/api/welcome/ping-on-join/toggle", { enabled: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ enabled: true, channels: [general()], messages: {} });
  });
});
