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

const url = (rest = "", serverId = demoGuildId) => `/api/boards/${serverId}${rest}`;
const inject = (
  method: "GET" | "POST" | "PATCH" | "DELETE",
  path: string,
  token = t.token,
  payload?: object,
) => t.app.inject({ method, url: path, headers: { authorization: token }, ...(payload ? { payload } : {}) });

const audited = (action: string) =>
  t.ctx.storage.db
    .selectFrom("audit_log")
    .selectAll()
    .where("server_id", "=", demoGuildId)
    .where("action", "=", action)
    .execute();

let boardId = 0;

describe("the Boards page's routes", () => {
  it("lists no boards at first, with the server's custom emojis and the command's limits", async () => {
    const res = await inject("GET", url(), managerToken);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.boards).toEqual([]);
    expect(body.limits).toEqual({
      nameMax: 50,
      minReactions: 1,
      maxReactions: 100,
      defaultReactions: 3,
      maxPerServer: 25,
    });
    for (const emoji of body.emojis) expect(emoji.markup).toMatch(/^<a?:\w+:\d+>$/);
  });

  it("previews a sample message's post with the board's emoji, threshold and colour", async () => {
    const res = await inject("POST", url("/preview"), managerToken, {
      name: "Skulls",
      type: "skullboard",
      minReactions: 4,
      channelId: memes,
    });
    expect(res.statusCode).toBe(200);
    const post = res.json();
    expect(post.content).toBe(`💀 **4** · <#${memes}>`);
    expect(post.embeds[0]).toMatchObject({
      color: 0x9ca3af,
      footer: { text: expect.stringMatching(/^Skulls · /) },
    });
    expect(post.embeds[0].description).toMatch(/\[Jump to message\]\(https:\/\/discord\.com\/channels\//);
    expect(post.components[0][0]).toMatchObject({ type: "button", style: "link", label: "Jump to message" });
    const bad = await inject("POST", url("/preview"), managerToken, { name: "x", emoji: "star" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^emoji: /);
  });

  it("creates a board (201), lists it, audits it", async () => {
    const res = await inject("POST", url(), t.token, { name: "Stars", emoji: "⭐", channelId: general });
    expect(res.statusCode).toBe(201);
    const board = res.json();
    boardId = board.id;
    expect(board).toMatchObject({
      name: "Stars",
      emoji: "⭐",
      channelId: general,
      type: "starboard",
      minReactions: 3,
      allowSelf: false,
      allowBots: false,
      removeBelow: true,
      enabled: true,
    });
    expect((await inject("GET", url())).json().boards).toEqual([board]);
    const [entry] = await audited("boards.create");
    expect(entry?.token_id).toEqual(expect.any(String));
    expect(JSON.parse(entry?.summary ?? "{}").after).toMatchObject({ name: "Stars", channelId: general });
  });

  it.each([
    [{ name: "", channelId: "" }, "name"],
    [{ name: "x".repeat(51) }, "name"],
    [{ name: "ok", minReactions: 0 }, "minReactions"],
    [{ name: "ok", minReactions: 101 }, "minReactions"],
    [{ name: "ok", type: "confetti" }, "type"],
    [{ name: "ok", channelId: "general" }, "channelId"],
    [{ name: "ok", emoji: "star" }, "emoji"],
  ])("answers 400 naming the field (%j → %s)", async (fields, field) => {
    const res = await inject("POST", url(), t.token, { emoji: "🔥", channelId: memes, ...fields });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(new RegExp(`^${field}: `));
  });

  it("refuses a voice channel, and a second board of the same name or emoji and channel (409)", async () => {
    const voice = await inject("POST", url(), t.token, { name: "V", emoji: "🔥", channelId: lounge });
    expect(voice.statusCode).toBe(400);
    expect(voice.json().message).toMatch(/^channel: #Lounge is not a text channel/);
    const same = await inject("POST", url(), t.token, { name: "stars", emoji: "🔥", channelId: memes });
    expect(same.statusCode).toBe(409);
    expect(same.json().message).toMatch(/^name: /);
    const twin = await inject("POST", url(), t.token, { name: "Other", emoji: "⭐", channelId: general });
    expect(twin.statusCode).toBe(409);
    expect(twin.json().message).toMatch(/^emoji: /);
  });

  it("edits a board by id (the command's rules), audits it; nothing to change is a 400", async () => {
    const res = await inject("PATCH", url(`/${boardId}`), t.token, {
      minReactions: 7,
      channelId: memes,
      allowSelf: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: boardId, minReactions: 7, channelId: memes, allowSelf: true });
    const [entry] = await audited("boards.edit");
    expect(JSON.parse(entry?.summary ?? "{}")).toMatchObject({
      before: { minReactions: 3, channelId: general },
      after: { minReactions: 7, channelId: memes },
    });
    const empty = await inject("PATCH", url(`/${boardId}`), t.token, {});
    expect(empty.statusCode).toBe(400);
    const missing = await inject("PATCH", url("/999999"), t.token, { minReactions: 2 });
    expect(missing.statusCode).toBe(404);
  });

  it("a manager reads and previews but can't create, edit or delete (admin, like Manage Server)", async () => {
    const body = { name: "Nope", emoji: "🔥", channelId: memes };
    for (const [method, path, payload] of [
      ["POST", url(), body],
      ["PATCH", url(`/${boardId}`), { minReactions: 2 }],
      ["DELETE", url(`/${boardId}`), undefined],
    ] as const) {
      const res = await inject(method, path, managerToken, payload);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/needs the admin permission/);
    }
  });

  it("another server's token reaches none of it; another server's board is a 404", async () => {
    expect((await inject("GET", url(), otherToken)).statusCode).toBe(403);
    expect((await inject("PATCH", url(`/${boardId}`), otherToken, { minReactions: 2 })).statusCode).toBe(403);
    expect((await inject("DELETE", url(`/${boardId}`), otherToken)).statusCode).toBe(403);
    expect((await inject("GET", url("", otherGuildId))).statusCode).toBe(403);
    const otherChannel = (await t.ctx.discord.listChannels(otherGuildId)).find((c) => c.type === 0)?.id ?? "";
    const own = await inject("POST", url("", otherGuildId), otherToken, {
      name: "Theirs",
      emoji: "⭐",
      channelId: otherChannel,
    });
    expect(own.statusCode).toBe(201);
    // The demo server's token names the other server's board under its own server: not found.
    expect((await inject("PATCH", url(`/${own.json().id}`), t.token, { minReactions: 2 })).statusCode).toBe(
      404,
    );
    expect((await inject("DELETE", url(`/${own.json().id}`), t.token)).statusCode).toBe(404);
  });

  it("deletes a board; deleting it again is a 404", async () => {
    const res = await inject("DELETE", url(`/${boardId}`));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ board: { id: boardId, name: "Stars" }, posts: 0, messages: 0 });
    expect((await inject("GET", url())).json().boards).toEqual([]);
    expect(await audited("boards.delete")).toHaveLength(1);
    expect((await inject("DELETE", url(`/${boardId}`))).statusCode).toBe(404);
  });
});
