import { InsertQueryNode, type KyselyPlugin, type QueryId } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, dialects, type TestContext } from "../../../test/helpers.ts";
import type { IncomingVote } from "./batch.ts";
import { runMonthlyReset } from "./rewards.ts";
import { recordVote } from "./service.ts";
import { findStats, listArchive } from "./store.ts";

// The monthly reset archives a month from the vote rows and zeroes the monthly counts. A vote of that
// month committed between the two would be zeroed without ever being archived: lost. Each test lets
// a vote arrive right after the archive is written, while the reset is still under way, and checks
// that every vote of the month is counted once, in the archive or in the member's month stats.

const hour = 3_600_000;

/** Runs `during` once, right after the statement writing the monthly archive has run. */
function afterArchive(during: () => Promise<void>): KyselyPlugin {
  const archiving = new WeakSet<QueryId>();
  let done = false;
  return {
    transformQuery({ node, queryId }) {
      if (InsertQueryNode.is(node) && node.into?.table.identifier.name === "vote_monthly_archive")
        archiving.add(queryId);
      return node;
    },
    async transformResult({ result, queryId }) {
      if (!done && archiving.has(queryId)) {
        done = true;
        await during();
      }
      return result;
    },
  };
}

describe.each(dialects)("monthly reset racing votes (%s)", (dialect) => {
  let t: TestContext;

  beforeAll(async () => {
    t = await createTestContext({ dialect });
  });
  afterAll(() => t.cleanup());

  it.each([
    ["a legacy vote (no id)", "2031-01", null],
    ["a signed vote (with an id)", "2031-02", "late"],
  ] as const)(
    "%s arriving during the reset is archived or counted in the month, once",
    async (_name, month, voteId) => {
      const server = month === "2031-01" ? "555555555555555561" : "555555555555555562";
      const userId = "910000000000000001";
      const [year, monthNumber] = month.split("-").map(Number) as [number, number];
      const monthEnd = Date.UTC(year, monthNumber, 1);
      const vote = (at: number, id: string | null): IncomingVote => ({
        userId,
        platform: "top.gg",
        voteId: id,
        weight: 1,
        at,
      });
      // Two votes earlier in the month (a day apart, so the legacy window lets both in).
      for (const at of [monthEnd - 3 * 24 * hour, monthEnd - 2 * 24 * hour])
        expect((await recordVote(t.ctx, server, vote(at, voteId && `early-${at}`))).counted).toBe(true);

      // The vote of the month's last minutes, delivered as the reset runs.
      const racing = vote(monthEnd - 60_000, voteId);
      let recorded: Promise<{ counted: boolean }> | undefined;
      const resetting = {
        ...t.ctx,
        storage: {
          ...t.ctx.storage,
          db: t.ctx.storage.db.withPlugin(
            afterArchive(async () => {
              recorded = recordVote(t.ctx, server, racing);
              // Long enough for the vote to commit unless the reset keeps it out until it is done.
              await Promise.race([recorded, new Promise((resolve) => setTimeout(resolve, 300))]);
            }),
          ),
        },
      };
      await runMonthlyReset(resetting, month);
      expect(recorded).toBeDefined();
      expect((await recorded)?.counted).toBe(true);

      const archived = (await listArchive(t.ctx.storage.db, server, month)).find(
        (row) => row.user_id === userId,
      );
      const stats = await findStats(t.ctx.storage.db, server, userId);
      const stillInMonth = stats?.month === month ? stats.monthlyVotes : 0;
      expect(stats?.totalVotes).toBe(3);
      expect(Number(archived?.votes ?? 0) + stillInMonth).toBe(3);
    },
  );
});
