import { completeStaticaConfig } from "@hearth/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dialects, openTestStorage, type TestStorage } from "../../../test/helpers.ts";
import {
  countRewarded,
  deleteConfig,
  findConfig,
  forgetReward,
  insertConfig,
  listEnabledServerIds,
  listRewards,
  recordReward,
  replaceConfig,
} from "./store.ts";

const serverA = "100000000000000001";
const serverB = "100000000000000002";

describe.each(dialects)("statica store on %s", (dialect) => {
  let test: TestStorage;
  beforeAll(async () => {
    test = await openTestStorage(dialect);
  });
  afterAll(() => test.cleanup());
  const db = () => test.storage.db;

  const config = completeStaticaConfig({
    enabled: true,
    type: "status",
    roleConfig: { status: ["200000000000000001"] },
    conditions: { status: { keywords: ["hearth", "Ember Hollow"], matchType: "all" } },
    logging: { enabled: true, channel: "300000000000000001", events: { "User Checked": true } },
  });

  it("stores a configuration per server and reads it back whole", async () => {
    expect(await findConfig(db(), serverA)).toBeNull();
    const stored = await insertConfig(db(), serverA, config, 1_000);
    expect(stored).toEqual({ serverId: serverA, config, createdAt: 1_000, updatedAt: 1_000 });
    expect(await findConfig(db(), serverA)).toEqual(stored);
    expect(await findConfig(db(), serverB)).toBeNull();
  });

  it("refuses a second configuration for one server", async () => {
    await expect(insertConfig(db(), serverA, config, 2_000)).rejects.toThrow();
  });

  it("replaces a configuration, keeping its creation time; null for a server without one", async () => {
    const next = { ...config, enabled: false, type: "server_tag" as const };
    const replaced = await replaceConfig(db(), serverA, next, 5_000);
    expect(replaced).toEqual({ serverId: serverA, config: next, createdAt: 1_000, updatedAt: 5_000 });
    expect(await replaceConfig(db(), serverB, next, 5_000)).toBeNull();
    expect(await findConfig(db(), serverB)).toBeNull();
  });

  it("keeps enabled in its own column and lists the servers with rewards on", async () => {
    await insertConfig(db(), serverB, config, 3_000);
    expect(await listEnabledServerIds(db())).toEqual([serverB]);
    const row = await db()
      .selectFrom("statica_configs")
      .select(["enabled", "config"])
      .where("server_id", "=", serverB)
      .executeTakeFirstOrThrow();
    expect(row.enabled).toBe(1);
    expect(JSON.parse(row.config)).not.toHaveProperty("enabled");
  });

  it("reads a configuration stored before a field existed with that field's default", async () => {
    await db()
      .updateTable("statica_configs")
      .set({ config: JSON.stringify({ type: "status", roleConfig: { status: ["200000000000000009"] } }) })
      .where("server_id", "=", serverB)
      .execute();
    const stored = await findConfig(db(), serverB);
    expect(stored?.config.roleConfig).toEqual({
      combined: [],
      serverTag: [],
      status: ["200000000000000009"],
    });
    expect(stored?.config.settings.removeOnLeave).toBe(true);
    expect(stored?.config.enabled).toBe(true);
  });

  it("counts distinct rewarded members per category and in all, per server", async () => {
    expect(await countRewarded(db(), serverA)).toEqual({ combined: 0, serverTag: 0, status: 0, total: 0 });
    const reward = (userId: string, roleId: string, category: "combined" | "serverTag" | "status") =>
      recordReward(db(), serverA, { userId, roleId, category }, 10_000);
    await reward("u1", "r1", "combined");
    await reward("u1", "r2", "serverTag");
    await reward("u2", "r1", "combined");
    await reward("u2", "r1", "combined");
    await reward("u3", "r3", "status");
    await recordReward(db(), serverB, { userId: "u9", roleId: "r9", category: "status" }, 10_000);

    expect(await countRewarded(db(), serverA)).toEqual({ combined: 2, serverTag: 1, status: 1, total: 3 });

    await forgetReward(db(), serverA, "u1", "r2");
    expect(await countRewarded(db(), serverA)).toEqual({ combined: 2, serverTag: 0, status: 1, total: 3 });
    await forgetReward(db(), serverA, "u2");
    expect(await countRewarded(db(), serverA)).toEqual({ combined: 1, serverTag: 0, status: 1, total: 2 });
  });

  it("keeps the first grant time when a reward is recorded again", async () => {
    await recordReward(db(), serverA, { userId: "u1", roleId: "r1", category: "combined" }, 99_000);
    const row = await db()
      .selectFrom("statica_rewards")
      .select("granted_at")
      .where("server_id", "=", serverA)
      .where("user_id", "=", "u1")
      .where("role_id", "=", "r1")
      .executeTakeFirstOrThrow();
    expect(row.granted_at).toBe(10_000);
  });

  it("lists a server's recorded rewards, or one member's, oldest first", async () => {
    expect(await listRewards(db(), serverA, "u3")).toEqual([
      { userId: "u3", roleId: "r3", category: "status", grantedAt: 10_000 },
    ]);
    expect((await listRewards(db(), serverA)).map((r) => `${r.userId}:${r.roleId}`)).toEqual([
      "u1:r1",
      "u3:r3",
    ]);
    expect(await listRewards(db(), serverB, "u3")).toEqual([]);
  });

  it("deletes a configuration with its rewards, and only that server's", async () => {
    expect(await deleteConfig(db(), serverA)).toBe(true);
    expect(await findConfig(db(), serverA)).toBeNull();
    expect(await countRewarded(db(), serverA)).toEqual({ combined: 0, serverTag: 0, status: 0, total: 0 });
    expect((await countRewarded(db(), serverB)).total).toBe(1);
    expect(await findConfig(db(), serverB)).not.toBeNull();
    expect(await deleteConfig(db(), serverA)).toBe(false);
  });
});
