import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { dialects, openTestStorage, type TestStorage } from "../../../test/helpers.ts";
import { findSettings, saveSettings } from "./store.ts";

const server = "111111111111111111";
const otherServer = "222222222222222222";

describe.each(dialects)("settings store on %s", (dialect) => {
  let test: TestStorage;

  beforeAll(async () => {
    test = await openTestStorage(dialect);
  });
  afterAll(() => test.cleanup());
  beforeEach(async () => {
    await test.storage.db.deleteFrom("server_settings").execute();
  });

  it("saves settings and updates them in place", async () => {
    const db = test.storage.db;
    const row = {
      server_id: server,
      events_cheat_enabled: 1,
      calculator_enabled: 1,
      bank_calculator_enabled: 0,
      tips_enabled: 1,
      tips_every: 10,
      market_checker_enabled: 0,
      heist_image: 0,
      heist_image_url: null,
      game_bot_ids: '["270904126974590976"]',
      anti_pool_window_hours: 24,
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
