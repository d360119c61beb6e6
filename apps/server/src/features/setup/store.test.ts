import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { dialects, openTestStorage, type TestStorage } from "../../../test/helpers.ts";
import { findSettings, saveSettings } from "../settings/store.ts";
import {
  defaultSetupRow,
  deleteTier,
  ensureSetup,
  findSetup,
  insertTier,
  listTiers,
  saveSetup,
  updateTier,
} from "./store.ts";

const server = "111111111111111111";
const otherServer = "222222222222222222";

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => null,
    (error: unknown) => error,
  );
}

describe.each(dialects)("setup and settings store on %s", (dialect) => {
  let test: TestStorage;

  beforeAll(async () => {
    test = await openTestStorage(dialect);
  });
  afterAll(() => test.cleanup());
  beforeEach(async () => {
    for (const table of ["server_setups", "server_tiers", "server_settings"] as const) {
      await test.storage.db.deleteFrom(table).execute();
    }
  });

  it("saves a setup and updates it in place", async () => {
    const db = test.storage.db;
    expect(await findSetup(db, server)).toBeUndefined();
    await ensureSetup(db, server, 1000);
    await ensureSetup(db, server, 2000);
    expect(await findSetup(db, server)).toEqual(defaultSetupRow(server, 1000));
    await saveSetup(db, {
      ...defaultSetupRow(server, 3000),
      payment_period: "monthly",
      manager_role_id: "5",
    });
    expect(await findSetup(db, server)).toMatchObject({
      payment_period: "monthly",
      manager_role_id: "5",
      created_at: 1000,
      updated_at: 3000,
    });
    expect(await findSetup(db, otherServer)).toBeUndefined();
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

  it("saves settings and updates them in place", async () => {
    const db = test.storage.db;
    const row = {
      server_id: server,
      events_cheat_enabled: 1,
      calculator_enabled: 1,
      bank_calculator_enabled: 0,
      tips_enabled: 1,
      market_checker_enabled: 0,
      heist_image: 0,
      rumble_tracker_enabled: 0,
      anti_pool_enabled: 1,
      pool_manager_id: "123456789012345678",
      member_trigger_limit: 3,
      pro_status: 0,
      pro_activated_by: null,
      updated_at: 1,
    };
    await saveSettings(db, row);
    await saveSettings(db, { ...row, member_trigger_limit: 99, updated_at: 2 });
    expect(await findSettings(db, server)).toEqual({ ...row, member_trigger_limit: 99, updated_at: 2 });
    expect(await findSettings(db, otherServer)).toBeUndefined();
  });
});
