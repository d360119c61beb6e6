import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { bindFeatureCommands, createTestApp, demoGuildId, type TestApp } from "../../../test/helpers.ts";
import { type Bot, createBot } from "../../bot/bot.ts";
import { demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { settingsChannel } from "./cache.ts";
import { settingsBot } from "./commands.ts";
import {
  defaultSettingsRow,
  editSettings,
  isEnabled,
  settingsCacheTtlMs,
  settingsFor,
  shareSettingsChanges,
} from "./service.ts";
import { findSettings, saveSettings } from "./store.ts";

// The bot's read path: cached, dropped at once by changes in this process and, through Redis,
// by changes in another; an absolute expiry bounds staleness when nothing tells it.

/** Writes a switch behind the service's back, as another process without Redis would. */
async function writeDirectly(t: TestApp, calculator: boolean) {
  const db = t.ctx.storage.db;
  const row = (await findSettings(db, demoGuildId)) ?? defaultSettingsRow(demoGuildId, Date.now());
  await saveSettings(db, { ...row, calculator_enabled: Number(calculator) });
}

describe("settingsFor", () => {
  let t: TestApp;
  let bot: Bot;

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
    await editSettings(t.ctx, demoGuildId, { calculatorEnabled: true }, { tokenId: null, userId: null });
  });
  afterEach(() => vi.useRealTimers());

  it("serves repeated reads from the cache", async () => {
    expect(await isEnabled(t.ctx, demoGuildId, "calculatorEnabled")).toBe(true);
    await writeDirectly(t, false);
    expect(await isEnabled(t.ctx, demoGuildId, "calculatorEnabled")).toBe(true);
  });

  it("sees a change made through the dashboard route at once", async () => {
    expect((await settingsFor(t.ctx, demoGuildId)).calculatorEnabled).toBe(true);
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/settings/edit",
      headers: { authorization: t.token },
      payload: { calculatorEnabled: false },
    });
    expect(res.statusCode).toBe(200);
    expect(await isEnabled(t.ctx, demoGuildId, "calculatorEnabled")).toBe(false);
  });

  it("sees a change made with /settings at once", async () => {
    expect(await isEnabled(t.ctx, demoGuildId, "calculatorEnabled")).toBe(true);
    const [answer] = await t.sandbox.simulateCommand({
      guildId: demoGuildId,
      userId: demoOwnerId,
      name: "settings",
      options: { feature: "calculator", toggle: false },
    });
    expect(answer?.message?.content).toContain("now ⛔ Off");
    expect(await isEnabled(t.ctx, demoGuildId, "calculatorEnabled")).toBe(false);
  });

  it("expires an entry a fixed time after it was read, however often it is read", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    expect(await isEnabled(t.ctx, demoGuildId, "calculatorEnabled")).toBe(true);
    await writeDirectly(t, false);
    for (let step = 0; step < 4; step++) {
      vi.advanceTimersByTime(settingsCacheTtlMs / 5);
      expect(await isEnabled(t.ctx, demoGuildId, "calculatorEnabled")).toBe(true);
    }
    vi.advanceTimersByTime(settingsCacheTtlMs / 5);
    expect(await isEnabled(t.ctx, demoGuildId, "calculatorEnabled")).toBe(false);
  });

  it("keeps each database's settings apart (tests and tools open several)", async () => {
    const other = await createTestApp();
    try {
      await editSettings(
        other.ctx,
        demoGuildId,
        { calculatorEnabled: false },
        { tokenId: null, userId: null },
      );
      expect(await isEnabled(other.ctx, demoGuildId, "calculatorEnabled")).toBe(false);
      expect(await isEnabled(t.ctx, demoGuildId, "calculatorEnabled")).toBe(true);
    } finally {
      await other.cleanup();
    }
  });

  it("answers anti-pool protection from its toggle", async () => {
    expect(await isEnabled(t.ctx, demoGuildId, "antiPool")).toBe(false);
    await editSettings(
      t.ctx,
      demoGuildId,
      { antiPoolShow: { toggle: true } },
      { tokenId: null, userId: null },
    );
    expect(await isEnabled(t.ctx, demoGuildId, "antiPool")).toBe(true);
    await editSettings(
      t.ctx,
      demoGuildId,
      { antiPoolShow: { toggle: false } },
      { tokenId: null, userId: null },
    );
  });
});

// Another process is simulated by writing the row directly and publishing on the channel, as its
// `settingsChanged` would; this process must drop its entry without waiting for the expiry.
const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)("settings changes across processes through Redis", () => {
  let t: TestApp;
  const clients: Redis[] = [];
  let stop: () => void = () => {};
  const connect = () => {
    const client = new Redis(redisUrl ?? "", { maxRetriesPerRequest: 1 });
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    t = await createTestApp();
    stop = await shareSettingsChanges(connect(), connect(), (error) => {
      throw error;
    });
  });
  afterAll(async () => {
    stop();
    for (const client of clients) client.disconnect();
    await t.cleanup();
  });

  it("forgets a server's settings when another process announces a change", async () => {
    await editSettings(t.ctx, demoGuildId, { calculatorEnabled: true }, { tokenId: null, userId: null });
    expect(await isEnabled(t.ctx, demoGuildId, "calculatorEnabled")).toBe(true);
    await writeDirectly(t, false);
    await connect().publish(settingsChannel, demoGuildId);
    const deadline = Date.now() + 2000;
    let enabled = true;
    while (enabled && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      enabled = await isEnabled(t.ctx, demoGuildId, "calculatorEnabled");
    }
    expect(enabled).toBe(false);
  });

  it("announces this process's changes to the others", async () => {
    const listener = connect();
    const heard: string[] = [];
    listener.on("message", (channel: string, serverId: string) => {
      if (channel === settingsChannel) heard.push(serverId);
    });
    await listener.subscribe(settingsChannel);
    await editSettings(t.ctx, demoGuildId, { tipsEnabled: false }, { tokenId: null, userId: null });
    const deadline = Date.now() + 2000;
    while (heard.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(heard).toContain(demoGuildId);
  });
});
