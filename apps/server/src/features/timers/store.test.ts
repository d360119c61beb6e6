import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { dialects, openTestStorage, type TestStorage } from "../../../test/helpers.ts";
import * as store from "./store.ts";
import type { TimerRowStatus } from "./tables.ts";

const serverA = "100000000000000001";
const serverB = "100000000000000002";
const base = 1_750_000_000_000;

const row = (
  serverId: string,
  over: { status?: TimerRowStatus; ends_at?: number; finished_at?: number | null } = {},
) => ({
  server_id: serverId,
  channel_id: "300000000000000001",
  message: "Heist starts",
  duration: 3600,
  ends_at: base + 3_600_000,
  message_id: "400000000000000001",
  status: "running" as TimerRowStatus,
  ended_message_id: null,
  created_by: "200000000000000001",
  created_at: base,
  finished_at: null,
  ...over,
});

describe.each(dialects)("timers store on %s", (dialect) => {
  let test: TestStorage;

  beforeAll(async () => {
    test = await openTestStorage(dialect);
  });
  afterAll(() => test.cleanup());
  beforeEach(async () => {
    await test.storage.db.deleteFrom("timers").execute();
  });

  it("stores a timer and reads it back, only under its own server", async () => {
    const created = await store.insertTimer(test.storage.db, row(serverA));
    expect(created.id).toBeGreaterThan(0);
    expect(created.ends_at).toBe(base + 3_600_000);
    expect(await store.getTimer(test.storage.db, serverA, created.id)).toEqual(created);
    expect(await store.getTimer(test.storage.db, serverB, created.id)).toBeUndefined();
    expect(await store.getTimerById(test.storage.db, created.id)).toEqual(created);
    expect(store.toTimer(created)).toEqual({
      id: created.id,
      channelId: "300000000000000001",
      duration: 3600,
      message: "Heist starts",
      endsAt: base + 3_600_000,
      messageId: "400000000000000001",
      status: "running",
      createdAt: base,
      createdBy: "200000000000000001",
      endedAt: null,
    });
  });

  it("lists running timers soonest first, then the latest finished, up to a limit", async () => {
    const late = await store.insertTimer(test.storage.db, row(serverA, { ends_at: base + 9_000_000 }));
    const soon = await store.insertTimer(test.storage.db, row(serverA, { ends_at: base + 1_000_000 }));
    const ending = await store.insertTimer(
      test.storage.db,
      row(serverA, { status: "ending", ends_at: base + 5_000_000 }),
    );
    const old = await store.insertTimer(
      test.storage.db,
      row(serverA, { status: "ended", finished_at: base + 10 }),
    );
    const recent = await store.insertTimer(
      test.storage.db,
      row(serverA, { status: "cancelled", finished_at: base + 20 }),
    );
    await store.insertTimer(test.storage.db, row(serverB));
    const ids = (await store.listTimers(test.storage.db, serverA, 5)).map((timer) => timer.id);
    expect(ids).toEqual([soon.id, ending.id, late.id, recent.id, old.id]);
    const limited = (await store.listTimers(test.storage.db, serverA, 1)).map((timer) => timer.id);
    expect(limited).toEqual([soon.id, ending.id, late.id, recent.id]);
    expect(await store.countRunning(test.storage.db, serverA)).toBe(3);
    expect(await store.countRunning(test.storage.db, serverB)).toBe(1);
  });

  it("moves a timer between states only from the expected ones", async () => {
    const timer = await store.insertTimer(test.storage.db, row(serverA));
    expect(await store.transition(test.storage.db, timer.id, ["running"], "ending")).toBe(true);
    expect(await store.transition(test.storage.db, timer.id, ["running"], "cancelled", base)).toBe(false);
    expect(await store.transition(test.storage.db, timer.id, ["ending"], "ended", base + 5)).toBe(true);
    expect(await store.getTimerById(test.storage.db, timer.id)).toMatchObject({
      status: "ended",
      finished_at: base + 5,
    });
    await store.setEndedMessage(test.storage.db, timer.id, "500000000000000001");
    expect((await store.getTimerById(test.storage.db, timer.id))?.ended_message_id).toBe(
      "500000000000000001",
    );
    await store.deleteTimer(test.storage.db, timer.id);
    expect(await store.getTimerById(test.storage.db, timer.id)).toBeUndefined();
  });

  it("lets exactly one of two racing transitions take a running timer", async () => {
    const timer = await store.insertTimer(test.storage.db, row(serverA));
    const results = await Promise.all([
      store.transition(test.storage.db, timer.id, ["running"], "ending"),
      store.transition(test.storage.db, timer.id, ["running"], "cancelled", base),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
  });
});
