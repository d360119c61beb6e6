import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, dialects, type TestContext } from "../../../test/helpers.ts";
import { recordGuildJoined, recordGuildLeft } from "../guilds/service.ts";
import * as listStore from "./list-store.ts";
import * as store from "./store.ts";

// The public giveaway lists take the server's name, its directory invite and whether the bot left
// from the guilds and discovery features: a page costs the same few queries however long it is.

const seen = "310000000000000001";
const neverSeen = "310000000000000002";
const left = "310000000000000003";

function row(serverId: string, n: number) {
  return {
    server_id: serverId,
    channel_id: "700000000000000001",
    message_id: String(810000000000000000n + BigInt(n)),
    guild_name: serverId === neverSeen ? "Kept Name" : "Name at creation",
    prize: `Prize ${n}`,
    description: null,
    winner_count: 1,
    host_id: "700000000000000002",
    donor_id: null,
    min_account_age: 0,
    min_member_age: 0,
    min_invites: 0,
    required_roles: "[]",
    status: "active",
    end_time: 10_000_000 + n,
    ended_at: null,
    created_at: 1000 + n,
  } as const;
}

describe.each(dialects)("public giveaway list on %s", (dialect) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ dialect });
    const db = t.ctx.storage.db;
    await recordGuildJoined(t.ctx, {
      id: seen,
      name: "Ember Hollow",
      icon: null,
      ownerId: "1",
      memberCount: 3,
    });
    await recordGuildJoined(t.ctx, {
      id: left,
      name: "Gone Place",
      icon: null,
      ownerId: "1",
      memberCount: 3,
    });
    await recordGuildLeft(t.ctx, left);
    await db
      .insertInto("discovery_entries")
      .values({
        server_id: seen,
        invite: "https://discord.gg/ember",
        description: "d",
        tags: "[]",
        is_public: 1,
        advertised: 0,
        created_by: null,
        created_at: 1,
        updated_at: 1,
      })
      .execute();
    for (let n = 0; n < 40; n++) {
      await store.insertGiveaway(db, row(n % 4 === 3 ? left : n % 4 === 2 ? neverSeen : seen, n));
    }
  });
  afterAll(() => t.cleanup());

  const filter = (q?: string) => ({ q, now: 5000 });
  const page = (limit: number, offset = 0) => ({ activeFirst: true, limit, offset });

  it("names each server as it is now (or as kept, never seen), links public invites, skips servers left", async () => {
    const rows = await listStore.pageGiveaways(t.ctx.storage.db, filter(), page(4));
    expect(rows.map((r) => [r.messageId, r.guildName, r.inviteUrl])).toEqual([
      ["810000000000000038", "Kept Name", null],
      ["810000000000000037", "Ember Hollow", "https://discord.gg/ember"],
      ["810000000000000036", "Ember Hollow", "https://discord.gg/ember"],
      ["810000000000000034", "Kept Name", null],
    ]);
    expect(await listStore.countGiveaways(t.ctx.storage.db, filter())).toBe(30);
  });

  it("searches the server's current name, or the name kept for a server never seen", async () => {
    const db = t.ctx.storage.db;
    expect(await listStore.countGiveaways(db, filter("ember"))).toBe(20);
    expect(await listStore.countGiveaways(db, filter("kept"))).toBe(10);
    // The name kept at creation doesn't match a server whose current name is known.
    expect(await listStore.countGiveaways(db, filter("at creation"))).toBe(0);
    expect(await listStore.countGiveaways(db, filter("gone"))).toBe(0);
    const found = await listStore.pageGiveaways(db, filter("kept"), page(3));
    expect(found.map((r) => r.guildName)).toEqual(["Kept Name", "Kept Name", "Kept Name"]);
  });

  it("reads a page in three queries, however many rows it holds or skips", async () => {
    for (const [limit, offset] of [
      [2, 0],
      [24, 0],
      [5, 20],
    ] as const) {
      let executed = 0;
      const db = t.ctx.storage.db.withPlugin({
        transformQuery: (args) => args.node,
        transformResult: async (args) => {
          executed++;
          return args.result;
        },
      });
      const rows = await listStore.pageGiveaways(db, filter(), page(limit, offset));
      expect(rows.length).toBe(Math.min(limit, 30 - offset));
      // The page, then the page's servers' names (guilds) and invites (discovery), one query each.
      expect(executed).toBe(3);
    }
  });
});
