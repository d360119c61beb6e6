import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dialects, openTestStorage, type TestStorage } from "../../../test/helpers.ts";
import { transactionForServer } from "../../db/locks.ts";
import * as store from "./store.ts";

describe.each(dialects)("moderation store on %s", (dialect) => {
  let test: TestStorage;
  beforeAll(async () => {
    test = await openTestStorage(dialect);
  });
  afterAll(() => test.cleanup());

  const newCase = (serverId: string, targetId: string, action: store.CaseAction = "warn"): store.NewCase => ({
    serverId,
    action,
    targetId,
    targetName: null,
    moderatorId: "mod",
    reason: "r",
    durationMs: action === "ban" ? 60_000 : null,
    expiresAt: action === "ban" ? 2_000_000 : null,
    createdAt: 1000,
  });
  const insert = (input: store.NewCase) =>
    transactionForServer(test.storage, input.serverId, "moderation", (trx) => store.insertCase(trx, input));

  // Which numbers u1's cases got: the concurrent inserts take their numbers in whatever order they win the lock.
  let u1Numbers: number[] = [];

  it("numbers cases per server, without gaps or repeats under concurrent inserts", async () => {
    const created = await Promise.all(
      Array.from({ length: 8 }, (_, i) => insert(newCase("s1", `u${i % 2}`))),
    );
    expect(created.map((c) => c.caseNumber).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    u1Numbers = created.filter((c) => c.targetId === "u1").map((c) => c.caseNumber);
    expect((await insert(newCase("s2", "u1"))).caseNumber).toBe(1);
  });

  it("lists newest first with filters and a total, and ends a temporary ban once", async () => {
    const ban = await insert(newCase("s1", "u1", "ban"));
    const page = await store.listCases(test.storage.db, "s1", { userId: "u1", offset: 0, limit: 2 });
    expect(page.total).toBe(5);
    expect(page.cases.map((c) => c.caseNumber)).toEqual([9, Math.max(...u1Numbers)]);
    const bans = await store.listCases(test.storage.db, "s1", { action: "ban", offset: 0, limit: 10 });
    expect(bans.cases).toEqual([
      expect.objectContaining({ id: ban.id, durationMs: 60_000, expiresAt: 2_000_000 }),
    ]);
    expect(await store.openTemporaryBans(test.storage.db, "s1", "u1")).toHaveLength(1);
    expect(await store.endCase(test.storage.db, ban.id, 5000)).toBe(true);
    expect(await store.endCase(test.storage.db, ban.id, 6000)).toBe(false);
    expect(await store.openTemporaryBans(test.storage.db, "s1", "u1")).toEqual([]);
  });
});
