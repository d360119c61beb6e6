import { defaultWelcomeConfig, type WelcomeConfig } from "@hearth/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dialects, openTestStorage, type TestStorage } from "../../../test/helpers.ts";
import * as store from "./store.ts";

const serverA = "100000000000000001";
const serverB = "100000000000000002";
const channel = (n: number) => `20000000000000000${n}`;

describe.each(dialects)("welcome store on %s", (dialect) => {
  let test: TestStorage;
  beforeAll(async () => {
    test = await openTestStorage(dialect);
  });
  afterAll(() => test.cleanup());
  const db = () => test.storage.db;

  it("has no welcome config for a server that never saved one", async () => {
    expect(await store.findWelcomeConfig(db(), serverA)).toBeNull();
  });

  it("saves, replaces and deletes a server's welcome config, leaving other servers alone", async () => {
    const config: WelcomeConfig = {
      ...defaultWelcomeConfig,
      enabled: true,
      channelId: channel(1),
      embed: {
        ...defaultWelcomeConfig.embed,
        title: "Hi {user} 👋",
        footer: { text: "f", iconURL: "{server.icon}" },
      },
    };
    await store.saveWelcomeConfig(db(), serverA, config, 1000);
    await store.saveWelcomeConfig(db(), serverB, defaultWelcomeConfig, 1000);
    expect(await store.findWelcomeConfig(db(), serverA)).toEqual(config);

    const replaced = { ...config, mentionUser: false, button: { enabled: false, label: "", emoji: "" } };
    await store.saveWelcomeConfig(db(), serverA, replaced, 2000);
    expect(await store.findWelcomeConfig(db(), serverA)).toEqual(replaced);

    await store.deleteWelcomeConfig(db(), serverA);
    expect(await store.findWelcomeConfig(db(), serverA)).toBeNull();
    expect(await store.findWelcomeConfig(db(), serverB)).toEqual(defaultWelcomeConfig);
  });

  it("reads a stored embed missing newer fields with their defaults", async () => {
    await db()
      .insertInto("welcome_configs")
      .values({
        server_id: serverA,
        enabled: 0,
        channel_id: null,
        mention_user: 1,
        embed: JSON.stringify({ title: "Old", description: "Row", color: "#123456" }),
        button: JSON.stringify({ enabled: true }),
        updated_at: 1,
      })
      .execute();
    const config = await store.findWelcomeConfig(db(), serverA);
    expect(config?.embed).toEqual({
      ...defaultWelcomeConfig.embed,
      title: "Old",
      description: "Row",
      color: "#123456",
    });
    expect(config?.button).toEqual({ ...defaultWelcomeConfig.button, enabled: true });
    await store.deleteWelcomeConfig(db(), serverA);
  });

  it("ping on join is off with no channels until saved", async () => {
    expect(await store.findPingConfig(db(), serverA)).toEqual({ enabled: false, channels: [] });
  });

  it("keeps the ping channel list in the saved order, with messages, replacing it whole", async () => {
    await store.savePingConfig(
      db(),
      serverA,
      {
        enabled: true,
        channels: [
          { channelId: channel(3), message: null },
          { channelId: channel(1), message: "{user} hi" },
          { channelId: channel(2), message: null },
        ],
      },
      1000,
    );
    await store.savePingConfig(
      db(),
      serverB,
      { enabled: false, channels: [{ channelId: channel(9), message: null }] },
      1000,
    );
    const saved = await store.findPingConfig(db(), serverA);
    expect(saved).toEqual({
      enabled: true,
      channels: [
        { channelId: channel(3), message: null },
        { channelId: channel(1), message: "{user} hi" },
        { channelId: channel(2), message: null },
      ],
    });
    expect(store.toPingOnJoinConfig(saved)).toEqual({
      enabled: true,
      channels: [channel(3), channel(1), channel(2)],
      messages: { [channel(1)]: "{user} hi" },
    });

    await store.savePingConfig(
      db(),
      serverA,
      { enabled: false, channels: [{ channelId: channel(2), message: null }] },
      2000,
    );
    expect(await store.findPingConfig(db(), serverA)).toEqual({
      enabled: false,
      channels: [{ channelId: channel(2), message: null }],
    });
    await store.savePingConfig(db(), serverA, { enabled: false, channels: [] }, 3000);
    expect(await store.findPingConfig(db(), serverA)).toEqual({ enabled: false, channels: [] });
    expect((await store.findPingConfig(db(), serverB)).channels).toEqual([
      { channelId: channel(9), message: null },
    ]);
  });

  it("refuses the same channel twice for one server", async () => {
    await expect(
      store.savePingConfig(
        db(),
        serverA,
        {
          enabled: true,
          channels: [
            { channelId: channel(1), message: null },
            { channelId: channel(1), message: null },
          ],
        },
        1000,
      ),
    ).rejects.toThrow();
  });
});
