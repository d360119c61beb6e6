import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bindFeatureCommands, createTestApp, demoGuildId, type TestApp } from "../../../test/helpers.ts";
import { type Bot, createBot } from "../../bot/bot.ts";
import { demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { settingsBot } from "./commands.ts";

// The settings issue 13 added beside the switches: the heist image link (kept in step with the
// heist_image switch), the Event helper's game bots and anti-pool's window.
let t: TestApp;
let bot: Bot;
const image = "https://cdn.example.com/heist/vault.png";

beforeAll(async () => {
  t = await createTestApp();
  bot = createBot(t.ctx, t.sandbox);
  bindFeatureCommands(bot, t.ctx, settingsBot.commands?.(t.ctx) ?? []);
  await bot.start();
});
afterAll(async () => {
  await bot.stop();
  await t.cleanup();
});
beforeEach(async () => {
  await t.ctx.storage.db.deleteFrom("server_settings").execute();
});

const edit = (payload: object) =>
  t.app.inject({ method: "PUT", url: "/api/settings/edit", headers: { authorization: t.token }, payload });
const settings = (options: Record<string, string | number | boolean>) =>
  t.sandbox.simulateCommand({ guildId: demoGuildId, userId: demoOwnerId, name: "settings", options });

describe("heist image link", () => {
  it("setting a link switches the image on, clearing it off; the switch alone keeps the link", async () => {
    const set = await edit({ heistImageUrl: ` ${image} ` });
    expect(set.json()).toMatchObject({ heist_image: true, heistImageUrl: image });
    const hidden = await edit({ heist_image: false });
    expect(hidden.json()).toMatchObject({ heist_image: false, heistImageUrl: image });
    const cleared = await edit({ heistImageUrl: "" });
    expect(cleared.json()).toMatchObject({ heist_image: false, heistImageUrl: null });
    expect((await edit({ heistImageUrl: image, heist_image: false })).json()).toMatchObject({
      heist_image: false,
      heistImageUrl: image,
    });
  });

  it.each([
    ["ftp://example.com/a.png", /web address starting with http/],
    ["https://example.com/notes.txt", /PNG, JPG, GIF or WebP/],
    ["not a link", /web address/],
  ])("refuses %s like an embed image", async (url, message) => {
    const res = await edit({ heistImageUrl: url });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: "heistImageUrl" });
    expect(res.json().message).toMatch(message);
  });
});

describe("game bots and the anti-pool window", () => {
  it("defaults to Dank Memer and a 24 h window; edits are checked", async () => {
    const fresh = await t.app.inject({
      method: "GET",
      url: "/api/settings/fetch",
      headers: { authorization: t.token },
    });
    expect(fresh.json()).toMatchObject({
      gameBotIds: ["270904126974590976"],
      antiPoolShow: { windowHours: 24 },
    });
    const bots = await edit({
      gameBotIds: ["270904126974590976", "270904126974590976", "555555555555555555"],
    });
    expect(bots.json().gameBotIds).toEqual(["270904126974590976", "555555555555555555"]);
    expect((await edit({ gameBotIds: [] })).json()).toMatchObject({ field: "gameBotIds" });
    expect((await edit({ gameBotIds: ["nope"] })).json()).toMatchObject({ field: "gameBotIds.0" });
    expect((await edit({ antiPoolShow: { windowHours: 48 } })).json().antiPoolShow).toEqual({
      toggle: false,
      poolManagerId: null,
      windowHours: 48,
    });
    expect((await edit({ antiPoolShow: { windowHours: 0 } })).json()).toMatchObject({
      field: "antiPoolShow.windowHours",
    });
  });
});

describe("/settings sets the same fields", () => {
  it("image_link, game_bots and window_hours, with friendly refusals", async () => {
    const [setImage] = await settings({ feature: "heist_image", image_link: image });
    expect(setImage?.message?.content).toBe(`**Heist image** is ✅ On · [image](${image}).`);
    const [cleared] = await settings({ feature: "heist_image", image_link: "none" });
    expect(cleared?.message?.content).toBe("**Heist image** is ⛔ Off · no image link.");
    const [bad] = await settings({ feature: "heist_image", image_link: "https://x.com/a.exe" });
    expect(bad?.message?.content).toMatch(/The image must be a PNG, JPG, GIF or WebP image/);
    // Named by the command's option, not the API's field.
    expect(bad?.message?.content).toMatch(/^\*\*image_link\*\*: /);
    expect(bad?.message?.content).not.toContain("heistImageUrl");
    const [bots] = await settings({
      feature: "events_cheat",
      game_bots: "<@270904126974590976>, 555555555555555555",
    });
    expect(bots?.message?.content).toBe(
      "**Event helper** is ⛔ Off · game bots <@270904126974590976> <@555555555555555555>.",
    );
    const [window] = await settings({ feature: "anti_pool", window_hours: 12 });
    expect(window?.message?.content).toBe("**Anti-pool protection** is ⛔ Off · 12 h window.");
    const [wrong] = await settings({ feature: "tips", window_hours: 12 });
    expect(wrong?.message?.content).toBe("**window_hours** goes with `feature:anti_pool`.");
    const [overview] = await settings({});
    const fields = overview?.message?.embeds?.[0]?.fields ?? [];
    expect(fields.find((f) => f.name.startsWith("Anti-pool"))?.value).toBe("⛔ Off · 12 h window");
  });
});
