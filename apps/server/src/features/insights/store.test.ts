import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { dialects, openTestStorage, type TestStorage } from "../../../test/helpers.ts";
import { dayMs, hourMs, InsightsBatch } from "./batch.ts";
import * as batchStore from "./batch-store.ts";
import { InsightsCollector } from "./collector.ts";
import * as store from "./store.ts";

const serverA = "100000000000000001";
const serverB = "100000000000000002";
const channel1 = "300000000000000001";
const channel2 = "300000000000000002";
// 10:30 UTC on a day; the next day starts 13.5 hours later.
const base = Math.floor(1_750_000_000_000 / dayMs) * dayMs + 10.5 * hourMs;
const day = Math.floor(base / dayMs);
const hour = Math.floor(base / hourMs);

const tables = [
  "insights_days",
  "insights_hours",
  "insights_day_keys",
  "insights_hour_keys",
  "insights_authors",
  "insights_flushes",
  "insights_demo",
] as const;

describe.each(dialects)("insights store on %s", (dialect) => {
  let test: TestStorage;

  beforeAll(async () => {
    test = await openTestStorage(dialect);
  });
  afterAll(() => test.cleanup());
  beforeEach(async () => {
    for (const table of tables) await test.storage.db.deleteFrom(table).execute();
  });

  const dayRow = async (serverId: string, at = day) =>
    (await store.readBuckets(test.storage.db, serverId, "day", at, at + 1))[0]?.values;

  it("writes counted events as day and hour rows, by server, with channel and command breakdowns", async () => {
    const collector = new InsightsCollector(test.storage.db);
    collector.countMessage(serverA, channel1, "u1", base);
    collector.countMessage(serverA, channel1, "u2", base + 1000);
    collector.countMessage(serverA, channel2, "u1", base + 2000);
    collector.count(serverA, "joins", 1, base);
    collector.count(serverA, "leaves", 1, base);
    collector.countKey(serverA, "commands", "command", "calc", base);
    collector.count(serverB, "joins", 1, base);
    await collector.flush(base);

    expect(await dayRow(serverA)).toMatchObject({
      messages: 3,
      active_members: 2,
      joins: 1,
      leaves: 1,
      commands: 1,
    });
    expect(await dayRow(serverB)).toMatchObject({ messages: 0, joins: 1 });
    const hours = await store.readBuckets(test.storage.db, serverA, "hour", hour, hour + 1);
    expect(hours[0]?.values).toMatchObject({ messages: 3, active_members: 2 });
    expect(await store.topKeys(test.storage.db, serverA, "channel", day, day + 1, 10)).toEqual([
      { key: channel1, count: 2 },
      { key: channel2, count: 1 },
    ]);
    expect(await store.topKeys(test.storage.db, serverA, "command", day, day + 1, 10)).toEqual([
      { key: "calc", count: 1 },
    ]);
    expect(await store.hourKeys(test.storage.db, serverA, "channel", hour, hour + 1)).toHaveLength(2);
  });

  it("adds later batches to the same rows, counting a member active once a day across batches and restarts", async () => {
    const first = new InsightsCollector(test.storage.db);
    first.countMessage(serverA, channel1, "u1", base);
    await first.flush(base);
    first.countMessage(serverA, channel1, "u1", base + 60_000);
    first.countMessage(serverA, channel1, "u3", base + 60_000);
    await first.flush(base + 60_000);
    // A restarted process knows nothing of who was counted: the stored authors decide.
    const restarted = new InsightsCollector(test.storage.db);
    restarted.countMessage(serverA, channel1, "u1", base + 2 * hourMs);
    await restarted.flush(base + 2 * hourMs);

    expect(await dayRow(serverA)).toMatchObject({ messages: 4, active_members: 2 });
    // u1 wrote in two different hours: active in each.
    const hours = await store.readBuckets(test.storage.db, serverA, "hour", hour, hour + 3);
    expect(hours.map((row) => [row.bucket - hour, row.values.active_members])).toEqual([
      [0, 2],
      [2, 1],
    ]);
  });

  it("adds up what several processes count at once (two bot shards, an api process's votes)", async () => {
    const shard0 = new InsightsCollector(test.storage.db);
    const shard1 = new InsightsCollector(test.storage.db);
    const api = new InsightsCollector(test.storage.db);
    for (let i = 0; i < 50; i++) {
      shard0.countMessage(serverA, channel1, `a${i % 7}`, base + i);
      shard1.countMessage(serverB, channel2, `b${i % 5}`, base + i);
      api.count(serverA, "votes", 1, base + i);
      api.count(serverB, "votes", 1, base + i);
    }
    await Promise.all([shard0.flush(base), shard1.flush(base), api.flush(base)]);
    expect(await dayRow(serverA)).toMatchObject({ messages: 50, active_members: 7, votes: 50 });
    expect(await dayRow(serverB)).toMatchObject({ messages: 50, active_members: 5, votes: 50 });
  });

  it("forgets a purged server's counts held in memory, and only that server's", async () => {
    const collector = new InsightsCollector(test.storage.db);
    collector.countMessage(serverA, channel1, "u1", base);
    collector.count(serverA, "votes", 1, base);
    collector.count(serverB, "votes", 1, base);
    collector.forget(serverA);
    await collector.flush(base);
    expect(await dayRow(serverA)).toBeUndefined();
    expect(await dayRow(serverB)).toMatchObject({ votes: 1 });
    expect(await store.topKeys(test.storage.db, serverA, "channel", day, day + 1, 10)).toEqual([]);
  });

  it("adds a batch once: writing the same batch id again changes nothing", async () => {
    const batch = new InsightsBatch();
    batch.add(serverA, "votes", 1, base);
    batch.addAuthor(serverA, "day", day, "u1");
    expect(await batchStore.writeBatch(test.storage.db, "p:1", batch, base)).toBe(true);
    expect(await batchStore.writeBatch(test.storage.db, "p:1", batch, base)).toBe(false);
    expect(await dayRow(serverA)).toMatchObject({ votes: 1, active_members: 1 });
  });

  it("keeps a failed batch and writes it, once, with the next", async () => {
    const collector = new InsightsCollector(test.storage.db);
    collector.count(serverA, "votes", 1, base);
    // The table is gone for a moment: the write fails and the batch is kept.
    await test.storage.db.schema.alterTable("insights_days").renameTo("insights_days_away").execute();
    await collector.flush(base);
    await test.storage.db.schema.alterTable("insights_days_away").renameTo("insights_days").execute();
    collector.count(serverA, "votes", 1, base + 1000);
    await collector.flush(base + 1000);
    await collector.flush(base + 2000);
    expect(await dayRow(serverA)).toMatchObject({ votes: 2 });
  });

  it("drops days after 400 days, hours after 14 days and spent authors and batch ids", async () => {
    const collector = new InsightsCollector(test.storage.db);
    collector.count(serverA, "joins", 1, base - 400 * dayMs);
    collector.count(serverA, "joins", 1, base - 399 * dayMs);
    collector.countMessage(serverA, channel1, "u1", base - 3 * dayMs);
    await collector.flush(base - 400 * dayMs);
    await batchStore.pruneExpired(test.storage.db, base, { days: 400, hours: 14 });

    const days = await store.readBuckets(test.storage.db, serverA, "day", day - 500, day + 1);
    expect(days.map((row) => day - row.bucket)).toEqual([399, 3]);
    const hours = await store.readBuckets(test.storage.db, serverA, "hour", hour - 500 * 24, hour + 1);
    expect(hours.map((row) => Math.floor((hour - row.bucket) / 24))).toEqual([3]);
    expect(await test.storage.db.selectFrom("insights_authors").selectAll().execute()).toEqual([]);
    expect(await test.storage.db.selectFrom("insights_flushes").selectAll().execute()).toEqual([]);
  });
});
