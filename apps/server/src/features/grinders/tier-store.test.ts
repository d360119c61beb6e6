import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { dialects, openTestStorage, type TestStorage } from "../../../test/helpers.ts";
import { deleteTier, insertTier, listTiers, updateTier } from "./tier-store.ts";

const server = "111111111111111111";
const otherServer = "222222222222222222";

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => null,
    (error: unknown) => error,
  );
}

describe.each(dialects)("tier store on %s", (dialect) => {
  let test: TestStorage;

  beforeAll(async () => {
    test = await openTestStorage(dialect);
  });
  afterAll(() => test.cleanup());
  beforeEach(async () => {
    await test.storage.db.deleteFrom("server_tiers").execute();
  });

  it("keeps tiers per server in position order, with big payments intact", async () => {
    const db = test.storage.db;
    await insertTier(db, {
      serverId: server,
      name: "Gold",
      payment: 2_500_000_000,
      roleId: "1",
      position: 1,
      now: 1,
    });
    await insertTier(db, {
      serverId: server,
      name: "Bronze",
      payment: 250_000,
      roleId: "2",
      position: 0,
      now: 1,
    });
    await insertTier(db, {
      serverId: otherServer,
      name: "Gold",
      payment: 1,
      roleId: "3",
      position: 0,
      now: 1,
    });
    const tiers = await listTiers(db, server);
    expect(tiers.map((t) => [t.name, t.name_key, t.payment])).toEqual([
      ["Bronze", "bronze", 250_000],
      ["Gold", "gold", 2_500_000_000],
    ]);
    const gold = tiers[1];
    if (!gold) throw new Error("no gold");
    await updateTier(db, otherServer, gold.id, { name: "Nope", payment: 1, roleId: "9", position: 0 });
    await updateTier(db, server, gold.id, { name: "GOLD", payment: 7, roleId: "1", position: 5 });
    expect((await listTiers(db, server))[1]).toMatchObject({ name: "GOLD", name_key: "gold", payment: 7 });
    await deleteTier(db, otherServer, gold.id);
    expect(await listTiers(db, server)).toHaveLength(2);
    await deleteTier(db, server, gold.id);
    expect((await listTiers(db, server)).map((t) => t.name)).toEqual(["Bronze"]);
  });

  it("refuses two tiers of one server whose names differ only in case", async () => {
    const db = test.storage.db;
    await insertTier(db, { serverId: server, name: "Gold", payment: 1, roleId: "1", position: 0, now: 1 });
    const error = await rejection(
      insertTier(db, { serverId: server, name: "gold", payment: 1, roleId: "2", position: 1, now: 1 }),
    );
    expect(error).toBeInstanceOf(Error);
    await insertTier(db, {
      serverId: otherServer,
      name: "GOLD",
      payment: 1,
      roleId: "3",
      position: 0,
      now: 1,
    });
  });
});
