import { describe, expect, it } from "vitest";
import {
  forgetServerConfig,
  onServerConfigChanged,
  ServerConfigCache,
  serverConfigChanged,
} from "./server-config-cache.ts";

/** A cache over a fake source whose loads are counted and can be held open. */
function setup(ttlMs = 1000) {
  const source = new Map<string, number>([["s1", 1]]);
  let loads = 0;
  let clock = 0;
  let hold: Promise<void> | null = null;
  const cache = new ServerConfigCache<object, number>(
    "test config",
    ttlMs,
    async (_storage, serverId) => {
      loads++;
      const value = source.get(serverId) ?? 0;
      if (hold) await hold;
      return value;
    },
    100,
    () => clock,
  );
  return {
    cache,
    source,
    storage: {},
    loads: () => loads,
    tick: (ms: number) => {
      clock += ms;
    },
    holdLoads: () => {
      let release = () => {};
      hold = new Promise<void>((resolve) => {
        release = resolve;
      });
      return () => {
        hold = null;
        release();
      };
    },
  };
}

describe("ServerConfigCache", () => {
  it("answers repeated reads from memory, one load shared by concurrent readers", async () => {
    const t = setup();
    const values = await Promise.all([1, 2, 3].map(() => t.cache.get(t.storage, "s1")));
    expect(values).toEqual([1, 1, 1]);
    t.source.set("s1", 2);
    expect(await t.cache.get(t.storage, "s1")).toBe(1);
    expect(t.loads()).toBe(1);
  });

  it("sees a change at once once it is announced, here or by another process", async () => {
    const t = setup();
    expect(await t.cache.get(t.storage, "s1")).toBe(1);
    t.source.set("s1", 2);
    serverConfigChanged("s1");
    expect(await t.cache.get(t.storage, "s1")).toBe(2);
    t.source.set("s1", 3);
    forgetServerConfig("s1");
    expect(await t.cache.get(t.storage, "s1")).toBe(3);
  });

  it("tells the change listeners (Redis) about changes made here, not about ones heard", () => {
    const heard: string[] = [];
    const stop = onServerConfigChanged((serverId) => heard.push(serverId));
    serverConfigChanged("s9");
    forgetServerConfig("s8");
    stop();
    serverConfigChanged("s7");
    expect(heard).toEqual(["s9"]);
  });

  it("expires an entry its time after the load, however often it is read", async () => {
    const t = setup(1000);
    expect(await t.cache.get(t.storage, "s1")).toBe(1);
    t.source.set("s1", 2);
    for (let step = 0; step < 4; step++) {
      t.tick(200);
      expect(await t.cache.get(t.storage, "s1")).toBe(1);
    }
    t.tick(200);
    expect(await t.cache.get(t.storage, "s1")).toBe(2);
  });

  it("reloads a server read near its expiry in the background: readers don't wait, and never see a value past its time", async () => {
    const t = setup(1000);
    expect(await t.cache.get(t.storage, "s1")).toBe(1);
    t.source.set("s1", 2);
    t.tick(800);
    const release = t.holdLoads();
    // The reload is under way (held); the reader gets the current value without waiting for it.
    expect(await t.cache.get(t.storage, "s1")).toBe(1);
    expect(t.loads()).toBe(2);
    expect(await t.cache.get(t.storage, "s1")).toBe(1);
    expect(t.loads()).toBe(2);
    release();
    await new Promise((resolve) => setImmediate(resolve));
    expect(await t.cache.get(t.storage, "s1")).toBe(2);
    // The reloaded entry (its load started at 800) is reloaded near its own expiry, at 1800, in turn.
    t.source.set("s1", 3);
    t.tick(990);
    expect(await t.cache.get(t.storage, "s1")).toBe(2);
    t.tick(10);
    expect(await t.cache.get(t.storage, "s1")).toBe(3);
  });

  it("never keeps a load that a change overtook", async () => {
    const t = setup();
    const release = t.holdLoads();
    const stale = t.cache.get(t.storage, "s1");
    t.source.set("s1", 2);
    serverConfigChanged("s1");
    release();
    expect(await stale).toBe(1);
    expect(await t.cache.get(t.storage, "s1")).toBe(2);
  });

  it("keeps each database apart and forgets a failed load", async () => {
    const t = setup();
    const other = {};
    expect(await t.cache.get(t.storage, "s1")).toBe(1);
    t.source.set("s1", 5);
    expect(await t.cache.get(other, "s1")).toBe(5);
    expect(await t.cache.get(t.storage, "s1")).toBe(1);
    let fail = true;
    const flaky = new ServerConfigCache<object, string>("flaky", 1000, async () => {
      if (fail) throw new Error("database down");
      return "ok";
    });
    await expect(flaky.get(t.storage, "s1")).rejects.toThrow("database down");
    fail = false;
    expect(await flaky.get(t.storage, "s1")).toBe("ok");
  });
});
