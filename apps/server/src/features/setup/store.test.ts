import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { dialects, openTestStorage, type TestStorage } from "../../../test/helpers.ts";
import { defaultSetupRow, ensureSetup, findSetup, saveSetup } from "./store.ts";

const server = "111111111111111111";
const otherServer = "222222222222222222";

describe.each(dialects)("setup store on %s", (dialect) => {
  let test: TestStorage;

  beforeAll(async () => {
    test = await openTestStorage(dialect);
  });
  afterAll(() => test.cleanup());
  beforeEach(async () => {
    await test.storage.db.deleteFrom("server_setups").execute();
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
});
