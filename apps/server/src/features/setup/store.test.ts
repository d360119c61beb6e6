import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { dialects, openTestStorage, type TestStorage } from "../../../test/helpers.ts";
// biome-ignore lint/style/noRestrictedImports: the settings store's round trip, tested here since the split of servers into setup and settings; it belongs in settings/ (not this change's files).
import { findSettings, saveSettings } from "../settings/store.ts";
import { defaultSetupRow, ensureSetup, findSetup, saveSetup } from "./store.ts";

const server = "111111111111111111";
const otherServer = "222222222222222222";

describe.each(dialects)("setup and settings store on %s", (dialect) => {
  let test: TestStorage;

  beforeAll(async () => {
    test = await openTestStorage(dialect);
  });
  afterAll(() => test.cleanup());
  beforeEach(async () => {
    for (const table of ["server_setups", "server_settings"] as const) {
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
