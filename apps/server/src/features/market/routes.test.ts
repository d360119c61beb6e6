import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createStandingToken,
  createTestApp,
  demoGuildId,
  dialects,
  seedOtherGuild,
  type TestApp,
} from "../../../test/helpers.ts";
import { demoMembers } from "../../discord/sandbox/demo-seed.ts";
import { listAudit } from "../audit/service.ts";
import { createDashboardToken } from "../auth/service.ts";
import { lookupItem } from "./service.ts";

describe.each(dialects)("market routes on %s", (dialect) => {
  let t: TestApp;
  let other: { guildId: string; token: string };

  beforeAll(async () => {
    t = await createTestApp({ dialect });
    const seeded = await seedOtherGuild(t.ctx);
    other = {
      guildId: seeded.guildId,
      token: (await createDashboardToken(t.ctx, { serverId: seeded.guildId, permission: "owner" })).token,
    };
  });
  afterAll(() => t.cleanup());

  const base = `/api/market/${demoGuildId}`;
  const call = (method: "GET" | "PUT" | "POST" | "DELETE", url: string, payload?: unknown, token = t.token) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: token },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  const names = async () =>
    ((await call("GET", `${base}/items`)).json().items as { name: string; price: string }[]).map(
      (item) => `${item.name}=${item.price}`,
    );

  it("adds, edits and removes items through /market's service, audited, and the bot sees them", async () => {
    for (const item of (await call("GET", `${base}/items`)).json().items as { key: string }[])
      expect((await call("DELETE", `${base}/items/${encodeURIComponent(item.key)}`)).statusCode).toBe(200);
    const added = await call("PUT", `${base}/items`, { name: "Gold  Bar", price: "1.5m" });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({ item: { name: "Gold Bar", price: "1500000" }, previous: null });
    const list = (await call("GET", `${base}/items`)).json();
    expect(list.cap).toBe(1000);
    expect(list.items).toHaveLength(1);
    const changed = await call("PUT", `${base}/items`, { name: "gold bar", price: "2,000,000" });
    expect(changed.json()).toMatchObject({ item: { price: "2000000" }, previous: "1500000" });
    const found = await lookupItem(t.ctx, demoGuildId, "gold bar");
    expect(found.item?.price).toBe(2_000_000n);
    const [entry] = await listAudit(t.ctx.storage.db, demoGuildId, 1);
    expect(entry).toMatchObject({ action: "market.set", summary: { before: "1500000", after: "2000000" } });
    const key = list.items[0].key;
    expect((await call("DELETE", `${base}/items/${encodeURIComponent(key)}`)).statusCode).toBe(200);
    expect((await call("DELETE", `${base}/items/${encodeURIComponent(key)}`)).statusCode).toBe(404);
    expect(await names()).toEqual([]);
  });

  it("refuses bad names and prices naming the field", async () => {
    for (const [body, field] of [
      [{ name: "", price: "5" }, "item"],
      [{ name: "<@123>", price: "5" }, "item"],
      [{ name: "Thing", price: "abc" }, "price"],
      [{ name: "Thing", price: "0" }, "price"],
      [{ name: "Thing" }, "price"],
    ] as const) {
      const res = await call("PUT", `${base}/items`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().field, JSON.stringify(body)).toBe(field);
    }
  });

  it("dry-runs a CSV import (added, changed, removed, invalid lines) before applying it", async () => {
    await call("PUT", `${base}/items`, { name: "Apple", price: "10" });
    await call("PUT", `${base}/items`, { name: "Pear", price: "20" });
    await call("PUT", `${base}/items`, { name: "Plum", price: "30" });
    const csv = "item,price\nApple,10\nPear,25\nKiwi,1k\n";
    const dry = await call("POST", `${base}/import/preview`, { csv, replace: true });
    expect(dry.statusCode).toBe(200);
    expect(dry.json()).toEqual({
      added: [{ name: "Kiwi", price: "1000" }],
      changed: [{ name: "Pear", from: "20", to: "25" }],
      removed: [{ name: "Plum", price: "30" }],
      unchanged: 1,
      invalid: [],
      total: 3,
      overCap: false,
      applied: false,
    });
    // The dry run changed nothing.
    expect(await names()).toEqual(["Apple=10", "Pear=20", "Plum=30"]);

    const bad = await call("POST", `${base}/import/preview`, { csv: "Apple,10\nBroken\nMelon,lots\n" });
    expect(bad.json().invalid).toEqual([
      { line: 2, text: "Broken", reason: "no price (expected two columns: item,price)" },
      { line: 3, text: "Melon,lots", reason: expect.stringContaining("lots") },
    ]);
    const refused = await call("POST", `${base}/import`, { csv: "Apple,10\nBroken\n" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ field: "file" });
    expect(refused.json().message).toContain("line 2");

    // Without replace, items missing from the file stay.
    const kept = await call("POST", `${base}/import`, { csv: "Kiwi,1k\n" });
    expect(kept.json()).toMatchObject({ added: [{ name: "Kiwi" }], removed: [], applied: true });
    expect(await names()).toEqual(["Apple=10", "Kiwi=1000", "Pear=20", "Plum=30"]);
    const applied = await call("POST", `${base}/import`, { csv, replace: true });
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toMatchObject({
      removed: [{ name: "Plum" }],
      changed: [{ name: "Pear" }],
      applied: true,
    });
    expect(await names()).toEqual(["Apple=10", "Kiwi=1000", "Pear=25"]);
    const [entry] = await listAudit(t.ctx.storage.db, demoGuildId, 1);
    expect(entry).toMatchObject({ action: "market.import", summary: { added: 0, updated: 3, removed: 1 } });

    const exported = await call("GET", `${base}/export`);
    expect(exported.json()).toEqual({ csv: "item,price\nApple,10\nKiwi,1000\nPear,25\n", count: 3 });
  });

  it("needs admin to write (a manager reads and dry-runs), and never reaches another server", async () => {
    const [, managerId] = await demoMembers(t.ctx.storage.db, 2);
    const manager = (await createStandingToken(t.ctx, { userId: managerId as string, permission: "manager" }))
      .token;
    expect((await call("GET", `${base}/items`, undefined, manager)).statusCode).toBe(200);
    expect((await call("POST", `${base}/import/preview`, { csv: "A,1" }, manager)).statusCode).toBe(200);
    expect((await call("PUT", `${base}/items`, { name: "A", price: "1" }, manager)).statusCode).toBe(403);
    expect((await call("POST", `${base}/import`, { csv: "A,1" }, manager)).statusCode).toBe(403);
    expect((await call("GET", `${base}/items`, undefined, other.token)).statusCode).toBe(403);
    expect(
      (await call("DELETE", `/api/market/${other.guildId}/items/apple`, undefined, other.token)).statusCode,
    ).toBe(404);
    expect(await names()).toContain("Apple=10");
  });
});
