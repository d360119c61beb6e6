import type { Insertable } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { dialects, openTestStorage, type TestStorage } from "../../../test/helpers.ts";
import type { Database } from "../../db/schema.ts";
import {
  countActiveOnTier,
  findActiveGrinderByUser,
  findGrinder,
  insertGrinders,
  insertPayment,
  listActiveGrinders,
  listPayments,
  updateActiveGrinder,
} from "./store.ts";
import { insertTier, listTiers } from "./tier-store.ts";

const server = "111111111111111111";
const otherServer = "222222222222222222";

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => null,
    (error: unknown) => error,
  );
}

describe.each(dialects)("grinders store on %s", (dialect) => {
  let test: TestStorage;
  let tierId: number;

  const row = (id: string, userId: string, overrides: Partial<Insertable<Database["grinders"]>> = {}) => ({
    id,
    server_id: server,
    user_id: userId,
    username: "ash_fox",
    display_name: "Ash",
    tier_id: tierId,
    tier_name: "Gold",
    on_break: 0,
    break_started_at: null,
    break_until: null,
    hired_at: 1000,
    hired_by: "1",
    hired_by_name: "Owner",
    period_start: 0,
    period_total: 0,
    leftover_payment: 0,
    last_payment_at: null,
    archived_at: null,
    archived_by: null,
    archive_reason: null,
    ...overrides,
  });

  beforeAll(async () => {
    test = await openTestStorage(dialect);
    await insertTier(test.storage.db, {
      serverId: server,
      name: "Gold",
      payment: 1_000_000,
      roleId: "9",
      position: 0,
      now: 1,
    });
    tierId = (await listTiers(test.storage.db, server))[0]?.id as number;
  });
  afterAll(() => test.cleanup());
  beforeEach(async () => {
    await test.storage.db.deleteFrom("grinders").execute();
    await test.storage.db.deleteFrom("grinder_payments").execute();
  });

  it("lists active grinders with their tier's payment, never another server's", async () => {
    const db = test.storage.db;
    await insertGrinders(db, [
      row("1", "100"),
      row("2", "101", { archived_at: 5 }),
      row("3", "102", { server_id: otherServer }),
    ]);
    const active = await listActiveGrinders(db, server);
    expect(active.map((g) => [g.id, g.current_tier_name, g.tier_payment])).toEqual([
      ["1", "Gold", 1_000_000],
    ]);
    expect(await findGrinder(db, server, "3")).toBeUndefined();
    expect((await findGrinder(db, server, "2"))?.archived_at).toBe(5);
    expect((await findActiveGrinderByUser(db, server, "100"))?.id).toBe("1");
    expect(await findActiveGrinderByUser(db, server, "101")).toBeUndefined();
    expect(await countActiveOnTier(db, server, tierId)).toBe(1);
  });

  it("allows one active record per member, any number of archived ones", async () => {
    const db = test.storage.db;
    await insertGrinders(db, [
      row("1", "100", { archived_at: 1 }),
      row("2", "100", { archived_at: 2 }),
      row("3", "100"),
    ]);
    expect(await rejection(insertGrinders(db, [row("4", "100")]))).toBeInstanceOf(Error);
    await insertGrinders(db, [row("5", "100", { server_id: otherServer })]);
  });

  it("inserts many rows in chunks", async () => {
    const rows = Array.from({ length: 130 }, (_, i) => row(String(1000 + i), String(5000 + i)));
    await insertGrinders(test.storage.db, rows);
    expect(await listActiveGrinders(test.storage.db, server)).toHaveLength(130);
  });

  it("updates only active records of the server, with an optional compare-and-set", async () => {
    const db = test.storage.db;
    await insertGrinders(db, [row("1", "100"), row("2", "101", { archived_at: 9 })]);
    expect(await updateActiveGrinder(db, otherServer, "1", { on_break: 1 })).toBe(false);
    expect(await updateActiveGrinder(db, server, "2", { on_break: 1 })).toBe(false);
    expect(await updateActiveGrinder(db, server, "1", { on_break: 1 }, { on_break: 1 })).toBe(false);
    expect(await updateActiveGrinder(db, server, "1", { on_break: 1 }, { on_break: 0 })).toBe(true);
    expect((await findGrinder(db, server, "1"))?.on_break).toBe(1);
  });

  it("keeps payment history per record, newest first", async () => {
    const db = test.storage.db;
    const payment = {
      server_id: server,
      grinder_id: "1",
      user_id: "100",
      period_start: 0,
      leftover_payment: 0,
      recorded_by: null,
    };
    await insertPayment(db, { ...payment, action: "add", amount: 5, period_total: 5, created_at: 10 });
    await insertPayment(db, {
      ...payment,
      action: "set",
      amount: 3_000_000_000,
      period_total: 3_000_000_000,
      created_at: 20,
    });
    await insertPayment(db, {
      ...payment,
      server_id: otherServer,
      action: "add",
      amount: 1,
      period_total: 1,
      created_at: 30,
    });
    const history = await listPayments(db, server, "1");
    expect(history.map((p) => [p.action, p.amount])).toEqual([
      ["set", 3_000_000_000],
      ["add", 5],
    ]);
  });
});
