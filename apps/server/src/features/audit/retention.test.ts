import { dataRetention } from "@hearth/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestApp,
  dialects,
  openTestStorage,
  type TestApp,
  type TestStorage,
} from "../../../test/helpers.ts";
import { createLogger } from "../../lib/logger.ts";
import { nextAuditRetentionRun, pruneAuditLog } from "./retention.ts";
import { pruneAudit } from "./store.ts";

const day = 86_400_000;
const crowded = "100000000000000001";
const quiet = "100000000000000002";

/** Issue 24 §4: the audit log has a retention period and a cap, and access entries are deduplicated. */
describe.each(dialects)("audit log retention on %s", (dialect) => {
  let test: TestStorage;
  beforeAll(async () => {
    test = await openTestStorage(dialect);
  });
  afterAll(() => test.cleanup());

  const insert = (serverId: string, createdAt: number, count = 1) =>
    test.storage.db
      .insertInto("audit_log")
      .values(
        Array.from({ length: count }, () => ({
          server_id: serverId,
          token_id: null,
          actor_user_id: null,
          action: "settings.edit",
          summary: "{}",
          created_at: createdAt,
        })),
      )
      .execute();
  const countOf = async (serverId: string) =>
    Number(
      (
        await test.storage.db
          .selectFrom("audit_log")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("server_id", "=", serverId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("deletes entries past the retention period and each server's oldest beyond the cap", async () => {
    const now = Date.UTC(2026, 5, 1);
    await insert(quiet, now - (dataRetention.auditDays + 1) * day, 3);
    await insert(quiet, now - (dataRetention.auditDays - 1) * day, 2);
    await insert(crowded, now - 10 * day, 7);
    await insert(crowded, now - day, 5);
    const pruned = await pruneAudit(test.storage.db, now - dataRetention.auditDays * day, 6);
    expect(pruned).toEqual({ expired: 3, overCap: 6 });
    expect(await countOf(quiet)).toBe(2);
    expect(await countOf(crowded)).toBe(6);
    // The newest stayed: all five from yesterday and one of the older ones.
    const kept = await test.storage.db
      .selectFrom("audit_log")
      .select("created_at")
      .where("server_id", "=", crowded)
      .execute();
    expect(kept.filter((row) => Number(row.created_at) === now - day)).toHaveLength(5);
  });

  it("uses the documented figures", async () => {
    expect(dataRetention).toMatchObject({ auditDays: 180, auditMaxEntriesPerServer: 20_000 });
    const logger = createLogger({ logLevel: "silent" });
    expect(await pruneAuditLog({ storage: test.storage, logger }, Date.UTC(2026, 5, 1))).toEqual({
      expired: 0,
      overCap: 0,
    });
    expect(nextAuditRetentionRun(Date.UTC(2026, 5, 1, 4))).toBe(Date.UTC(2026, 5, 2, 3, 30));
    expect(nextAuditRetentionRun(Date.UTC(2026, 5, 1, 1))).toBe(Date.UTC(2026, 5, 1, 3, 30));
  });
});

describe("dashboard access entries", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.cleanup());

  it("are recorded once per token per day, however often the dashboard is opened", async () => {
    const open = () =>
      t.app.inject({
        method: "POST",
        url: "/api/dashboard/access",
        headers: { authorization: t.token, "content-type": "application/json" },
        payload: { path: "/dashboard" },
      });
    const results = await Promise.all([open(), open(), open()]);
    expect(results.map((result) => result.statusCode)).toEqual([204, 204, 204]);
    expect((await open()).statusCode).toBe(204);
    const entries = await t.ctx.storage.db
      .selectFrom("audit_log")
      .select("id")
      .where("action", "=", "dashboard.access")
      .execute();
    expect(entries).toHaveLength(1);
  });
});
