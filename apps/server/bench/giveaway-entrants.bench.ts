import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { sql } from "kysely";
import { demoGuildId } from "../src/discord/sandbox/demo-seed-data.ts";
import { listEntrants, removeEntrant } from "../src/features/giveaways/entrants.ts";
import { findGiveaway } from "../src/features/giveaways/store.ts";
import { newGiveaway, owner } from "../test/fixtures/giveaways.ts";
import { createTestContext } from "../test/helpers.ts";

const median = (values: number[]) =>
  values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)] as number;
const entrants = 100_000;

/**
 * The managers' entrant list of a 100,000-entrant giveaway, on SQLite and PostgreSQL: the first
 * page, a page deep in the list (keyset cursor), a search, and removing an entrant (the entry, the
 * removal with its reason and the audit entry, in one transaction). Median of 25 runs each.
 * Targets: a page <= 50 ms, a removal <= 20 ms.
 */
export async function benchGiveawayEntrants(): Promise<{ pageMs: number; removeMs: number }> {
  console.log("\nGiveaway entrants (100,000 entrants)");
  let worstPage = 0;
  let worstRemove = 0;
  for (const dialect of ["sqlite", "postgres"] as const) {
    if (dialect === "postgres" && !process.env.TEST_DATABASE_URL) {
      console.log("  postgres: skipped (set TEST_DATABASE_URL to run it)");
      continue;
    }
    const t = await createTestContext({ dialect });
    try {
      const giveaway = await newGiveaway(t.ctx, { duration: 86_400 });
      const row = await findGiveaway(t.ctx.storage.db, demoGuildId, giveaway.messageId);
      if (!row) throw new Error("no giveaway");
      const start = Date.now() - entrants;
      for (let offset = 0; offset < entrants; offset += 1000) {
        await t.ctx.storage.db
          .insertInto("giveaway_entries")
          .values(
            Array.from({ length: 1000 }, (_, i) => ({
              giveaway_id: row.id,
              user_id: String(100_000_000_000_000_000n + BigInt(offset + i)),
              username: `member${offset + i}`,
              entries: 1 + ((offset + i) % 3),
              has_bypass: 0,
              entered_at: start + offset + i,
            })),
          )
          .execute();
      }
      // The planner's statistics, as autovacuum would have them after 100,000 inserts.
      if (dialect === "postgres") await sql`analyze giveaway_entries`.execute(t.ctx.storage.db);
      else await sql`analyze`.execute(t.ctx.storage.db);
      // Median wall-clock ms, and this process's CPU ms per run (the database's own CPU aside).
      const cpu = new Map<string, number>();
      const time = async (label: string, runs: number, work: (run: number) => Promise<unknown>) => {
        const times: number[] = [];
        const cpuBefore = process.cpuUsage();
        for (let run = 0; run < runs; run++) {
          const begun = performance.now();
          await work(run);
          times.push(performance.now() - begun);
        }
        const used = process.cpuUsage(cpuBefore);
        cpu.set(label, (used.user + used.system) / 1000 / runs);
        return median(times);
      };
      const cpuOf = (label: string) => `${(cpu.get(label) ?? 0).toFixed(1)} ms CPU`;
      const id = giveaway.messageId;
      const first = await time("first", 25, () => listEntrants(t.ctx, demoGuildId, id, { limit: 50 }));
      const deep = await time("deep", 25, (run) =>
        listEntrants(t.ctx, demoGuildId, id, {
          limit: 50,
          cursor: `${start + 90_000 + run}:${100_000_000_000_000_000n + BigInt(90_000 + run)}`,
        }),
      );
      const search = await time("search", 25, (run) =>
        listEntrants(t.ctx, demoGuildId, id, { limit: 50, q: `member9${run}` }),
      );
      const remove = await time("remove", 25, (run) =>
        removeEntrant(
          t.ctx,
          demoGuildId,
          id,
          String(100_000_000_000_000_000n + BigInt(50_000 + run)),
          owner,
          {
            reason: "Bench",
          },
        ),
      );
      const page = Math.max(first, deep, search);
      worstPage = Math.max(worstPage, page);
      worstRemove = Math.max(worstRemove, remove);
      const mark = (ms: number, target: number) => (ms <= target ? "OK" : "MISSED");
      const load = loadavg()
        .map((n) => n.toFixed(2))
        .join(" ");
      console.log(
        `  ${dialect}: first page ${first.toFixed(1)} ms (${cpuOf("first")}), page at 90,000 ${deep.toFixed(1)} ms (${cpuOf("deep")}), search ${search.toFixed(1)} ms (${cpuOf("search")}); target <= 50 ms each: ${mark(page, 50)}`,
      );
      console.log(
        `  ${dialect}: remove an entrant ${remove.toFixed(1)} ms (${cpuOf("remove")}); target <= 20 ms: ${mark(remove, 20)}  [load average ${load}]`,
      );
    } finally {
      await t.cleanup();
    }
  }
  return { pageMs: worstPage, removeMs: worstRemove };
}
