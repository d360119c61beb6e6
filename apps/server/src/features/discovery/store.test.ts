import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { dialects, openTestStorage, type TestStorage } from "../../../test/helpers.ts";
import { hasPremium } from "../settings/service.ts";
import * as store from "./store.ts";

const serverA = "100000000000000001";
const serverB = "100000000000000002";
const serverC = "100000000000000003";

const row = (serverId: string, over: Partial<Parameters<typeof store.insertEntry>[1]> = {}) => ({
  server_id: serverId,
  invite: "https://discord.gg/abc",
  description: "A description that is long enough.",
  tags: JSON.stringify(["gaming", "anime"]),
  is_public: 1,
  advertised: 0,
  created_by: "200000000000000001",
  created_at: 1_700_000_000_000,
  updated_at: 1_700_000_000_000,
  ...over,
});

describe.each(dialects)("discovery store on %s", (dialect) => {
  let test: TestStorage;

  beforeAll(async () => {
    test = await openTestStorage(dialect);
  });
  afterAll(() => test.cleanup());
  beforeEach(async () => {
    await test.storage.db.deleteFrom("discovery_entries").execute();
    await test.storage.db.deleteFrom("server_settings").execute();
  });

  it("stores one entry per server and reads it back with big timestamps intact", async () => {
    const created = await store.insertEntry(test.storage.db, row(serverA));
    expect(created).toMatchObject({ server_id: serverA, is_public: 1, created_at: 1_700_000_000_000 });
    expect(store.tagsOf(created)).toEqual(["gaming", "anime"]);
    await expect(store.insertEntry(test.storage.db, row(serverA))).rejects.toThrow();
    expect(await store.getEntry(test.storage.db, serverB)).toBeUndefined();
  });

  it("updates content, visibility and the staff flag of one server only", async () => {
    await store.insertEntry(test.storage.db, row(serverA));
    await store.insertEntry(test.storage.db, row(serverB));
    const updated = await store.updateContent(
      test.storage.db,
      serverA,
      { invite: "https://discord.gg/new", description: "New description here!", tags: ["art"] },
      1_800_000_000_000,
    );
    expect(updated).toMatchObject({ invite: "https://discord.gg/new", updated_at: 1_800_000_000_000 });
    expect(store.tagsOf(updated)).toEqual(["art"]);
    expect((await store.setPublic(test.storage.db, serverA, false, 1_800_000_000_001)).is_public).toBe(0);
    await store.setAdvertised(test.storage.db, serverA, true);
    const other = await store.getEntry(test.storage.db, serverB);
    expect(other).toMatchObject({ invite: "https://discord.gg/abc", is_public: 1, advertised: 0 });
    expect(await store.getEntry(test.storage.db, serverA)).toMatchObject({ is_public: 0, advertised: 1 });
  });

  it("lists only public entries, with premium from the server's settings", async () => {
    await store.insertEntry(test.storage.db, row(serverA));
    await store.insertEntry(test.storage.db, row(serverB, { is_public: 0 }));
    await store.insertEntry(test.storage.db, row(serverC));
    await test.storage.db
      .insertInto("server_settings")
      .values({
        server_id: serverC,
        events_cheat_enabled: 0,
        calculator_enabled: 1,
        bank_calculator_enabled: 0,
        tips_enabled: 1,
        tips_every: 10,
        market_checker_enabled: 0,
        heist_image: 0,
        heist_image_url: null,
        rumble_tracker_enabled: 0,
        game_bot_ids: "[]",
        anti_pool_window_hours: 24,
        anti_pool_enabled: 0,
        pool_manager_id: null,
        member_trigger_limit: 3,
        pro_status: 1,
        pro_activated_by: "staff",
        updated_at: 1,
      })
      .execute();
    const listed = await store.listPublicEntries(test.storage.db);
    expect(listed.map((entry) => [entry.server_id, entry.premium])).toEqual([
      [serverA, false],
      [serverC, true],
    ]);
    expect(await hasPremium(test.storage.db, serverC)).toBe(true);
    expect(await hasPremium(test.storage.db, serverA)).toBe(false);
  });

  it("deletes one server's entry", async () => {
    await store.insertEntry(test.storage.db, row(serverA));
    await store.insertEntry(test.storage.db, row(serverB));
    await store.deleteEntry(test.storage.db, serverA);
    expect(await store.getEntry(test.storage.db, serverA)).toBeUndefined();
    expect(await store.getEntry(test.storage.db, serverB)).toBeDefined();
  });
});
