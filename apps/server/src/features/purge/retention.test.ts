import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, dialects, type TestContext } from "../../../test/helpers.ts";
import { features } from "../index.ts";
import { nextRetentionRun, purgeLeftServers, retentionJob, retentionJobs, retentionMs } from "./retention.ts";
import { tableScopes } from "./scopes.ts";

const day = 24 * 60 * 60 * 1000;
const servers = {
  longGone: "810000000000000001",
  recentlyLeft: "810000000000000002",
  active: "810000000000000003",
};

describe("the next retention run", () => {
  it("is the next 03:00 UTC", () => {
    expect(nextRetentionRun(Date.UTC(2026, 0, 5, 1))).toBe(Date.UTC(2026, 0, 5, 3));
    expect(nextRetentionRun(Date.UTC(2026, 0, 5, 3))).toBe(Date.UTC(2026, 0, 6, 3));
    expect(nextRetentionRun(Date.UTC(2026, 0, 31, 22))).toBe(Date.UTC(2026, 1, 1, 3));
  });
});

describe.each(dialects)("data retention on %s", (dialect) => {
  let test: TestContext;
  const now = Date.UTC(2026, 5, 1, 3);

  beforeAll(async () => {
    test = await createTestContext({ dialect });
    const db = test.ctx.storage.db;
    const leftAt = { longGone: now - retentionMs - day, recentlyLeft: now - retentionMs + day, active: null };
    for (const [name, id] of Object.entries(servers)) {
      await db
        .insertInto("guilds")
        .values({
          id,
          name,
          icon: null,
          owner_id: "1",
          member_count: 1,
          joined_at: 1,
          left_at: leftAt[name as keyof typeof leftAt],
        })
        .execute();
      await db
        .insertInto("sticky_messages")
        .values({
          server_id: id,
          channel_id: `${id.slice(0, -1)}9`.replace(/^81/, "82") + name.length,
          message: name,
          trigger_count: 5,
          created_by: null,
          created_at: 1,
          updated_at: 1,
        })
        .execute();
    }
  });

  afterAll(async () => {
    await test?.cleanup();
  });

  it("deletes the data of servers left more than 30 days ago, and only theirs", async () => {
    const purged = await purgeLeftServers(test.ctx, tableScopes(features), now);
    expect(purged).toEqual([servers.longGone]);
    const db = test.ctx.storage.db;
    expect(
      (await db.selectFrom("sticky_messages").select("server_id").execute()).map((r) => r.server_id).sort(),
    ).toEqual([servers.active, servers.recentlyLeft].sort());
    expect((await db.selectFrom("guilds").select("id").execute()).map((r) => r.id).sort()).toEqual(
      [servers.active, servers.recentlyLeft].sort(),
    );
    expect(await purgeLeftServers(test.ctx, tableScopes(features), now)).toEqual([]);
  });

  it("keeps one pending run scheduled however many processes register it", async () => {
    const register = retentionJobs(() => tableScopes(features));
    register(test.ctx);
    register(test.ctx);
    const deadline = Date.now() + 2000;
    let pending: { run_at: number }[] = [];
    while (pending.length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      pending = await test.ctx.storage.db
        .selectFrom("jobs")
        .select("run_at")
        .where("kind", "=", retentionJob)
        .where("status", "=", "pending")
        .execute();
    }
    expect(pending).toHaveLength(1);
    expect(Number(pending[0]?.run_at)).toBe(nextRetentionRun(Date.now()));
  });
});
