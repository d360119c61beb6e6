import type { DiscoveryServer, GiveawayListItem, Grinder } from "@hearth/core";
import type { Insertable } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, dialects, type TestApp } from "../../test/helpers.ts";
import type { Database } from "../db/schema.ts";
import { demoGuildId, demoOwnerId } from "../discord/sandbox/demo-seed-data.ts";
import { seedDemo as seedDirectory } from "../features/discovery/demo.ts";
import { endGiveaway } from "../features/giveaways/service.ts";
import { periodStartAt } from "../features/grinders/periods.ts";
import { getGrinderConfig, listGrinders } from "../features/grinders/service.ts";
import { insertGrinders } from "../features/grinders/store.ts";
import { seedDemo as seedSetup } from "../features/setup/demo.ts";
import { matchesEtag } from "./public-list.ts";

/**
 * Paged lists (issue 16 #4): public giveaways, discovery and grinders answer a page chosen by
 * `limit` and `cursor` with X-Total-Count, X-Next-Cursor and Link; public ones carry an ETag and
 * answer 304 to a matching If-None-Match.
 */

const hour = 3_600_000;
const giveawayCount = 30;

type Answer = Awaited<ReturnType<TestApp["app"]["inject"]>>;

/** Follows X-Next-Cursor from `url` to the last page; answers every item and the pages' sizes. */
async function walk<T>(t: TestApp, url: string, headers: Record<string, string> = {}) {
  const items: T[] = [];
  const sizes: number[] = [];
  let cursor: string | undefined;
  for (let guard = 0; guard < 100; guard++) {
    const sep = url.includes("?") ? "&" : "?";
    const res = await t.app.inject({ url: cursor ? `${url}${sep}cursor=${cursor}` : url, headers });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as T[];
    items.push(...page);
    sizes.push(page.length);
    cursor = res.headers["x-next-cursor"] as string | undefined;
    if (!cursor) return { items, sizes, total: Number(res.headers["x-total-count"]) };
    expect(res.headers.link).toContain(`cursor=${cursor}`);
  }
  throw new Error("more than 100 pages");
}

function expect400(res: Answer, field: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect((res.json() as { field?: string }).field).toBe(field);
}

describe.each(dialects)("public giveaway lists (%s)", (dialect) => {
  let t: TestApp;
  const now = Date.now();

  beforeAll(async () => {
    t = await createTestApp({ dialect });
    const rows: Insertable<Database["giveaways"]>[] = Array.from({ length: giveawayCount }, (_, i) => ({
      server_id: demoGuildId,
      channel_id: "300000000000000001",
      message_id: String(400_000_000_000_000_000n + BigInt(i)),
      guild_name: "Ember Hollow",
      // Two with a literal % in the prize: the search must not treat it as a wildcard.
      prize: i === 3 ? "100% Nitro" : i === 4 ? "100 Nitro" : `Prize ${i}`,
      description: null,
      winner_count: 1,
      host_id: demoOwnerId,
      donor_id: null,
      min_account_age: 0,
      min_member_age: 0,
      min_invites: 0,
      required_roles: "[]",
      // Every third ended; the rest running, ending at different times.
      status: i % 3 === 0 ? "ended" : "active",
      end_time: i % 3 === 0 ? now - i * hour : now + (giveawayCount - i) * hour,
      ended_at: i % 3 === 0 ? now - i * hour : null,
      created_at: now - i * hour,
    }));
    await t.ctx.storage.db.insertInto("giveaways").values(rows).execute();
    const ids = await t.ctx.storage.db.selectFrom("giveaways").select(["id", "message_id"]).execute();
    // Entries: giveaway i has (i * 7) % 11 entrants.
    const entries = ids.flatMap(({ id, message_id }) => {
      const i = Number(BigInt(message_id) - 400_000_000_000_000_000n);
      return Array.from({ length: (i * 7) % 11 }, (_, n) => ({
        giveaway_id: id,
        user_id: String(500_000_000_000_000_000n + BigInt(n)),
        username: `user${n}`,
        entries: 1,
        has_bypass: 0,
        entered_at: now,
      }));
    });
    await t.ctx.storage.db.insertInto("giveaway_entries").values(entries).execute();
  });
  afterAll(() => t.cleanup());

  it("pages 24 by default, then follows X-Next-Cursor through every giveaway exactly once, running first", async () => {
    const first = await t.app.inject({ url: "/api/giveaways" });
    expect(first.statusCode).toBe(200);
    expect((first.json() as unknown[]).length).toBe(24);
    expect(first.headers["x-total-count"]).toBe(String(giveawayCount));
    expect(first.headers["x-next-cursor"]).toBe("24");
    expect(first.headers.link).toBe('</api/giveaways?cursor=24>; rel="next"');

    const { items, sizes, total } = await walk<GiveawayListItem>(t, "/api/giveaways?limit=7");
    expect(sizes).toEqual([7, 7, 7, 7, 2]);
    expect(total).toBe(giveawayCount);
    expect(new Set(items.map((item) => item.messageId)).size).toBe(giveawayCount);
    const firstEnded = items.findIndex((item) => !item.active);
    expect(items.slice(firstEnded).every((item) => !item.active)).toBe(true);
    const running = items.slice(0, firstEnded);
    expect(running.map((item) => item.createdAt)).toEqual(
      [...running].map((item) => item.createdAt).sort((a, b) => b - a),
    );
  });

  it("sends the site's tiles for every listed giveaway whatever the filter", async () => {
    const res = await t.app.inject({ url: "/api/giveaways?status=ended&limit=1" });
    expect(res.headers["x-total-count"]).toBe("10");
    expect(res.headers["x-giveaways-total"]).toBe(String(giveawayCount));
    expect(res.headers["x-giveaways-running"]).toBe("20");
    const entries = Array.from({ length: giveawayCount }, (_, i) => (i * 7) % 11).reduce((a, b) => a + b);
    expect(res.headers["x-giveaways-entries"]).toBe(String(entries));
  });

  it("filters by status and searches prize and server name in the database", async () => {
    const active = await walk<GiveawayListItem>(t, "/api/giveaways?status=active&limit=50");
    expect(active.items).toHaveLength(20);
    expect(active.items.every((item) => item.active)).toBe(true);

    const percent = await t.app.inject({ url: `/api/giveaways?q=${encodeURIComponent("100%")}` });
    expect((percent.json() as GiveawayListItem[]).map((item) => item.prize)).toEqual(["100% Nitro"]);
    const nitro = await t.app.inject({ url: "/api/giveaways?q=NITRO" });
    expect((nitro.json() as GiveawayListItem[]).map((item) => item.prize).sort()).toEqual([
      "100 Nitro",
      "100% Nitro",
    ]);
    const byServer = await t.app.inject({ url: "/api/giveaways?q=ember%20hollow&limit=1" });
    expect(byServer.headers["x-total-count"]).toBe(String(giveawayCount));
  });

  it("sorts by entries (popular) and by time left (ending), across pages", async () => {
    const popular = await walk<GiveawayListItem>(t, "/api/giveaways?sort=popular&limit=8");
    const counts = popular.items.map((item) => item.entries);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));

    const ending = await walk<GiveawayListItem>(t, "/api/giveaways?sort=ending&limit=8");
    const split = ending.items.findIndex((item) => !item.active);
    const runningEnds = ending.items.slice(0, split).map((item) => item.endTime);
    const endedEnds = ending.items.slice(split).map((item) => item.endTime);
    expect(runningEnds).toEqual([...runningEnds].sort((a, b) => a - b));
    expect(endedEnds).toEqual([...endedEnds].sort((a, b) => b - a));
    expect(split).toBe(20);
  });

  it("pages one server's list the same way", async () => {
    const { items, total } = await walk<GiveawayListItem>(t, `/api/giveaways/${demoGuildId}?limit=13`);
    expect(total).toBe(giveawayCount);
    expect(items.map((item) => item.createdAt)).toEqual(
      [...items].map((item) => item.createdAt).sort((a, b) => b - a),
    );
  });

  it("answers 304 to a matching If-None-Match until a giveaway changes", async () => {
    const first = await t.app.inject({ url: "/api/giveaways?limit=5" });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers["cache-control"]).toBe("no-cache");

    const again = await t.app.inject({ url: "/api/giveaways?limit=5", headers: { "if-none-match": etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    expect(again.headers.etag).toBe(etag);

    // Another page has another ETag.
    const other = await t.app.inject({ url: "/api/giveaways?limit=6", headers: { "if-none-match": etag } });
    expect(other.statusCode).toBe(200);

    // Ending the newest running giveaway moves it: the list and its ETag change at once.
    const newestRunning = (first.json() as GiveawayListItem[])[0];
    if (!newestRunning) throw new Error("no giveaway");
    await endGiveaway(t.ctx, demoGuildId, newestRunning.messageId, { by: "manual" });
    const changed = await t.app.inject({ url: "/api/giveaways?limit=5", headers: { "if-none-match": etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect((changed.json() as GiveawayListItem[]).map((item) => item.messageId)).not.toContain(
      newestRunning.messageId,
    );
  });

  it("refuses a bad page naming the field", async () => {
    expect400(await t.app.inject({ url: "/api/giveaways?limit=0" }), "limit");
    expect400(await t.app.inject({ url: "/api/giveaways?limit=101" }), "limit");
    expect400(await t.app.inject({ url: "/api/giveaways?cursor=abc" }), "cursor");
    expect400(await t.app.inject({ url: "/api/giveaways?sort=random" }), "sort");
    expect400(await t.app.inject({ url: `/api/giveaways/${demoGuildId}?status=later` }), "status");
  });
});

describe("discovery pages", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDirectory(t.ctx);
  });
  afterAll(() => t.cleanup());

  it("walks the directory a page at a time in the directory's order", async () => {
    const whole = await t.app.inject({ url: "/api/discovery?limit=100" });
    const all = whole.json() as DiscoveryServer[];
    expect(all.length).toBeGreaterThan(5);
    expect(whole.headers["x-total-count"]).toBe(String(all.length));
    expect(whole.headers["x-next-cursor"]).toBeUndefined();

    const paged = await walk<DiscoveryServer>(t, "/api/discovery?limit=4");
    expect(paged.items.map((server) => server.id)).toEqual(all.map((server) => server.id));
    expect(paged.sizes.slice(0, -1).every((size) => size === 4)).toBe(true);
  });

  it("pages a search and answers 304 when the page is unchanged", async () => {
    const res = await t.app.inject({ url: "/api/discovery/search?q=a&limit=2" });
    expect(res.statusCode).toBe(200);
    expect((res.json() as unknown[]).length).toBeLessThanOrEqual(2);
    const again = await t.app.inject({
      url: "/api/discovery/search?q=a&limit=2",
      headers: { "if-none-match": `"other", ${res.headers.etag as string}` },
    });
    expect(again.statusCode).toBe(304);
    expect400(await t.app.inject({ url: "/api/discovery?limit=abc" }), "limit");
  });
});

describe("grinder pages", () => {
  let t: TestApp;
  const count = 37;
  beforeAll(async () => {
    t = await createTestApp();
    await seedSetup(t.ctx);
    const { tiers, period } = await getGrinderConfig(t.ctx.storage.db, demoGuildId);
    const now = Date.now();
    const rows: Insertable<Database["grinders"]>[] = Array.from({ length: count }, (_, i) => {
      const tier = tiers[i % tiers.length];
      if (!tier) throw new Error("no tiers");
      return {
        id: String(1_600_000_000_000_000_000n + BigInt(i)),
        server_id: demoGuildId,
        user_id: String(910_000_000_000_000_000n + BigInt(i)),
        username: `g${i}`,
        display_name: null,
        tier_id: tier.id,
        tier_name: tier.name,
        on_break: 0,
        break_started_at: null,
        break_until: null,
        // Some share a hire time: the id breaks the tie.
        hired_at: now - Math.floor(i / 2) * 60_000,
        hired_by: demoOwnerId,
        hired_by_name: null,
        period_start: periodStartAt(period, now),
        period_total: (i % 4) * 1000,
        leftover_payment: 0,
        last_payment_at: null,
        archived_at: null,
        archived_by: null,
        archive_reason: null,
      };
    });
    await insertGrinders(t.ctx.storage.db, rows);
  });
  afterAll(() => t.cleanup());

  it.each([
    ["", {}],
    ["sort=payment&order=asc", { sort: "payment", order: "asc" } as const],
    ["sort=tier", { sort: "tier" } as const],
  ])("pages (%s) in the same order as the whole list", async (query, options) => {
    const whole = await listGrinders(t.ctx, demoGuildId, options);
    const auth = { authorization: t.token };
    const url = `/api/grinders/${demoGuildId}/grinders?limit=10${query ? `&${query}` : ""}`;
    const { items, sizes, total } = await walk<Grinder>(t, url, auth);
    expect(total).toBe(whole.length);
    expect(sizes).toEqual([10, 10, 10, whole.length - 30]);
    expect(items.map((grinder) => grinder._id)).toEqual(whole.map((grinder) => grinder._id));
  });

  it("filters by tier in the database, defaults to 100 a page and stays private (no ETag, no-store)", async () => {
    const [firstTier] = (await getGrinderConfig(t.ctx.storage.db, demoGuildId)).tiers;
    if (!firstTier) throw new Error("no tiers");
    const auth = { authorization: t.token };
    const onTier = await t.app.inject({
      url: `/api/grinders/${demoGuildId}/grinders?tier=${encodeURIComponent(firstTier.name.toUpperCase())}`,
      headers: auth,
    });
    const listed = onTier.json() as Grinder[];
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((grinder) => grinder.tier === firstTier.name)).toBe(true);
    expect(onTier.headers["x-total-count"]).toBe(String(listed.length));

    const all = await t.app.inject({ url: `/api/grinders/${demoGuildId}/grinders`, headers: auth });
    expect((all.json() as unknown[]).length).toBe(count);
    expect(all.headers["x-next-cursor"]).toBeUndefined();
    expect(all.headers.etag).toBeUndefined();
    expect(all.headers["cache-control"]).toBe("no-store");
    expect400(
      await t.app.inject({ url: `/api/grinders/${demoGuildId}/grinders?limit=501`, headers: auth }),
      "limit",
    );
  });
});

describe("GET /api/stats", () => {
  it("carries an ETag and answers 304 to it while the figures are the same", async () => {
    const t = await createTestApp();
    try {
      // uptimeSeconds ticks once a second: a pair straddling a tick may differ, so try a few.
      let revalidated = false;
      for (let attempt = 0; attempt < 5 && !revalidated; attempt++) {
        const first = await t.app.inject({ url: "/api/stats" });
        expect(first.statusCode).toBe(200);
        expect(first.headers["cache-control"]).toBe("no-cache");
        const again = await t.app.inject({
          url: "/api/stats",
          headers: { "if-none-match": first.headers.etag as string },
        });
        if (again.statusCode === 304) {
          expect(again.body).toBe("");
          revalidated = true;
        } else {
          expect(again.json()).not.toEqual(first.json());
        }
      }
      expect(revalidated).toBe(true);
      const stale = await t.app.inject({ url: "/api/stats", headers: { "if-none-match": 'W/"old"' } });
      expect(stale.statusCode).toBe(200);
    } finally {
      await t.cleanup();
    }
  });
});

describe("If-None-Match", () => {
  it("matches weakly, in a list, or *", () => {
    expect(matchesEtag('W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag("*", 'W/"abc"')).toBe(true);
    expect(matchesEtag('"abd"', 'W/"abc"')).toBe(false);
    expect(matchesEtag(undefined, 'W/"abc"')).toBe(false);
  });
});
