import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { dialects, openTestStorage, type TestStorage } from "../../../test/helpers.ts";
import type { Storage } from "../../db/database.ts";
import { countActiveGuilds, recordGuildJoined, recordGuildLeft } from "../guilds/service.ts";
import { commandRunTotal, countCommandRun, recordHeartbeat, uptimePercent } from "./store.ts";

const minute = 60_000;
const day = 24 * 60 * minute;
const now = Date.UTC(2026, 5, 1, 12, 0, 30);

const guild = (id: string, memberCount: number) => ({
  id,
  name: `Guild ${id}`,
  icon: null,
  ownerId: "1",
  memberCount,
});

describe.each(dialects)("status figures on %s", (dialect) => {
  let test: TestStorage;
  let storage: Storage;
  /** The figures `/api/stats` reads: the guilds feature's counts and this feature's command total. */
  const liveCounts = async (db: Storage["db"]) => ({
    ...(await countActiveGuilds({ storage: { ...storage, db } })),
    commandsRun: await commandRunTotal(db),
  });

  beforeAll(async () => {
    test = await openTestStorage(dialect);
    storage = test.storage;
  });

  afterAll(async () => {
    await test.cleanup();
  });

  beforeEach(async () => {
    for (const table of ["heartbeats", "guilds", "command_runs"] as const)
      await storage.db.deleteFrom(table).execute();
  });

  const beatEachMinute = async (from: number, to: number) => {
    for (let at = from; at <= to; at += minute) await recordHeartbeat(storage.db, at);
  };
  const heartbeatMinutes = async () =>
    (await storage.db.selectFrom("heartbeats").select("minute").orderBy("minute").execute()).map(
      (row) => row.minute,
    );

  describe("heartbeats and uptime", () => {
    it("records one heartbeat per minute however often it beats", async () => {
      await recordHeartbeat(storage.db, now);
      await recordHeartbeat(storage.db, now + 1000);
      await recordHeartbeat(storage.db, now - 25_000);

      expect(await heartbeatMinutes()).toEqual([Math.floor(now / minute)]);
    });

    it("answers 100% before any heartbeat", async () => {
      expect(await uptimePercent(storage.db, now)).toBe(100);
    });

    it("answers 100% when every minute since the first heartbeat has one", async () => {
      await beatEachMinute(now - 90 * minute, now);

      expect(await uptimePercent(storage.db, now)).toBe(100);
    });

    it("counts the minutes without a heartbeat as down", async () => {
      await beatEachMinute(now - 99 * minute, now - 50 * minute);
      await beatEachMinute(now - 9 * minute, now);

      // 50 + 10 of 100 minutes.
      expect(await uptimePercent(storage.db, now)).toBe(60);
    });

    it("doesn't count the current minute as down before its heartbeat arrives", async () => {
      await beatEachMinute(now - 9 * minute, now - minute);

      // 9 of the 9 minutes that have had their chance to beat; the current one is pending.
      expect(await uptimePercent(storage.db, now)).toBe(100);
      // A minute later with no beat, the now-past minute counts as down: 9 of 10.
      expect(await uptimePercent(storage.db, now + minute)).toBe(90);
    });

    it("rounds to one decimal", async () => {
      await beatEachMinute(now - 2 * minute, now - 2 * minute);
      await recordHeartbeat(storage.db, now);

      // 2 of 3 minutes.
      expect(await uptimePercent(storage.db, now)).toBe(66.7);
    });

    it("looks back 30 days at most", async () => {
      await recordHeartbeat(storage.db, now - 40 * day);
      await beatEachMinute(now - 60 * minute, now);

      expect(await uptimePercent(storage.db, now)).toBe(100);
    });

    it("forgets heartbeats older than 30 days", async () => {
      await recordHeartbeat(storage.db, now - 31 * day);
      await recordHeartbeat(storage.db, now - 29 * day);

      await recordHeartbeat(storage.db, now);

      expect(await heartbeatMinutes()).toEqual([
        Math.floor((now - 29 * day) / minute),
        Math.floor(now / minute),
      ]);
    });
  });

  describe("guilds and counts", () => {
    it("answers zeros for an empty database", async () => {
      expect(await liveCounts(storage.db)).toEqual({ servers: 0, users: 0, commandsRun: 0 });
    });

    it("counts the guilds the bot is in and their members", async () => {
      await recordGuildJoined({ storage }, guild("10", 320), now);
      await recordGuildJoined({ storage }, guild("11", 2_000_000_000), now);

      expect(await liveCounts(storage.db)).toMatchObject({ servers: 2, users: 2_000_000_320 });
    });

    it("updates a known guild in place and keeps when the bot joined it", async () => {
      await recordGuildJoined({ storage }, guild("10", 320), now);

      await recordGuildJoined(
        { storage },
        { ...guild("10", 400), name: "Renamed", icon: "abc", ownerId: "2" },
        now + day,
      );

      const rows = await storage.db.selectFrom("guilds").selectAll().execute();
      expect(rows).toEqual([
        {
          id: "10",
          name: "Renamed",
          icon: "abc",
          owner_id: "2",
          member_count: 400,
          joined_at: now,
          left_at: null,
        },
      ]);
      expect(await liveCounts(storage.db)).toMatchObject({ servers: 1, users: 400 });
    });

    it("stops counting a guild the bot left", async () => {
      await recordGuildJoined({ storage }, guild("10", 320), now);
      await recordGuildJoined({ storage }, guild("11", 50), now);

      await recordGuildLeft({ storage }, "10", now + day);

      expect(await liveCounts(storage.db)).toMatchObject({ servers: 1, users: 50 });
      const left = await storage.db
        .selectFrom("guilds")
        .select("left_at")
        .where("id", "=", "10")
        .executeTakeFirstOrThrow();
      expect(left.left_at).toBe(now + day);
    });

    it("counts a guild again from its new join when the bot rejoins", async () => {
      await recordGuildJoined({ storage }, guild("10", 320), now);
      await recordGuildLeft({ storage }, "10", now + day);

      await recordGuildJoined({ storage }, guild("10", 330), now + 2 * day);

      const row = await storage.db
        .selectFrom("guilds")
        .selectAll()
        .where("id", "=", "10")
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ member_count: 330, joined_at: now + 2 * day, left_at: null });
      expect(await liveCounts(storage.db)).toMatchObject({ servers: 1, users: 330 });
    });

    it("counts command runs per server and command, and in total", async () => {
      await countCommandRun(storage.db, "10", "ping");
      await countCommandRun(storage.db, "10", "ping");
      await countCommandRun(storage.db, "10", "giveaway");
      await countCommandRun(storage.db, "11", "ping");

      const rows = await storage.db
        .selectFrom("command_runs")
        .selectAll()
        .orderBy("server_id")
        .orderBy("command")
        .execute();
      expect(rows).toEqual([
        { server_id: "10", command: "giveaway", count: 1 },
        { server_id: "10", command: "ping", count: 2 },
        { server_id: "11", command: "ping", count: 1 },
      ]);
      expect((await liveCounts(storage.db)).commandsRun).toBe(4);
    });

    it("loses no command run counted concurrently", async () => {
      await Promise.all(Array.from({ length: 40 }, () => countCommandRun(storage.db, "10", "ping")));

      expect((await liveCounts(storage.db)).commandsRun).toBe(40);
    });
  });
});
