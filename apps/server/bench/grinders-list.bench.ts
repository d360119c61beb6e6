import type { Insertable } from "kysely";
import type { Database } from "../src/db/schema.ts";
import { demoGuildId, demoOwnerId } from "../src/discord/sandbox/demo-seed-data.ts";
import { periodStartAt } from "../src/features/grinders/periods.ts";
import { rosterCacheOptions } from "../src/features/grinders/roster-cache.ts";
import { getGrinderConfig } from "../src/features/grinders/service.ts";
import { insertGrinders } from "../src/features/grinders/store.ts";
import { seedDemo as seedServerDemo } from "../src/features/setup/demo.ts";
import { createTestApp } from "../test/helpers.ts";
import { startBareServer } from "./bare-baseline.ts";
import { load, printLoad } from "./harness.ts";

const grinderCount = 1000;

/**
 * GET /api/grinders/{id}/grinders with 1,000 grinders on the demo server: the default page (100,
 * sorted and cut by the database, the ledger rolled forward for its rows only) against a bare
 * node:http server answering the same JSON, with the one-second roster cache (the steady state
 * under load) and without it (every request reads its page); then the dashboard's whole-roster
 * read (`limit=500`, two pages for 1,000) without the cache. Issue 16's target: the uncached list
 * at 1,000 grinders ≥ 1,000 req/s (126 req/s when every request built all 1,000).
 */
export async function benchGrindersList(): Promise<{ ratio: number; uncachedRatio: number }> {
  const t = await createTestApp();
  await seedServerDemo(t.ctx);
  const { tiers, period } = await getGrinderConfig(t.ctx.storage.db, demoGuildId);
  const now = Date.now();
  const rows: Insertable<Database["grinders"]>[] = Array.from({ length: grinderCount }, (_, index) => {
    const tier = tiers[index % tiers.length];
    if (!tier) throw new Error("the demo setup has no tiers");
    const hiredAt = now - (index % 90) * 86_400_000 - index * 1000;
    return {
      id: String(1_500_000_000_000_000_000n + BigInt(index)),
      server_id: demoGuildId,
      user_id: String(900_000_000_000_000_000n + BigInt(index)),
      username: `grinder_${index}`,
      display_name: `Grinder ${index}`,
      tier_id: tier.id,
      tier_name: tier.name,
      on_break: index % 17 === 0 ? 1 : 0,
      break_started_at: index % 17 === 0 ? now - 86_400_000 : null,
      break_until: null,
      hired_at: hiredAt,
      hired_by: demoOwnerId,
      hired_by_name: "Ember Keeper",
      // A mix: paid this week, paid last week with leftover, never paid.
      period_start: periodStartAt(period, index % 3 === 1 ? now - 7 * 86_400_000 : now),
      period_total: index % 3 === 2 ? 0 : tier.payment + (index % 5) * 10_000,
      leftover_payment: index % 4 === 0 ? 50_000 : 0,
      last_payment_at: index % 3 === 2 ? null : now - (index % 7) * 3_600_000,
      archived_at: null,
      archived_by: null,
      archive_reason: null,
    };
  });
  await insertGrinders(t.ctx.storage.db, rows);

  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const address = t.app.server.address();
  const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  const path = `/api/grinders/${demoGuildId}/grinders`;
  const headers = { authorization: t.token };
  const answer = await fetch(`${url}${path}`, { headers });
  const body = await answer.text();
  const count = (JSON.parse(body) as unknown[]).length;
  const total = answer.headers.get("x-total-count");
  const bare = await startBareServer(body, answer.headers);

  console.log(
    `\nGET ${path.replace(demoGuildId, "{id}")} (default page: ${count} of ${total} grinders, ${(body.length / 1024).toFixed(0)} KB) vs bare node:http`,
  );
  await fetch(`${bare.url}/`);
  const hearth = await load(`${url}${path}`, headers);
  printLoad("Hearth API  GET …/grinders (1,000)", hearth);
  // The same with the one-second roster cache off: every request reads and rebuilds the list.
  const ttl = rosterCacheOptions.ttlMs;
  rosterCacheOptions.ttlMs = 0;
  const uncached = await load(`${url}${path}`, headers);
  printLoad("Hearth API, roster cache off", uncached);
  const fullPage = await load(`${url}${path}?limit=500`, headers);
  printLoad("Hearth API, limit=500, cache off", fullPage);
  rosterCacheOptions.ttlMs = ttl;
  const baseline = await load(`${bare.url}/`);
  printLoad("bare node:http, same JSON", baseline);
  const ratio = hearth.requestsPerSecond / baseline.requestsPerSecond;
  const uncachedRatio = uncached.requestsPerSecond / baseline.requestsPerSecond;
  console.log(`  ratio ${ratio.toFixed(2)} (cache off: ${uncachedRatio.toFixed(2)})`);
  const met = uncached.requestsPerSecond >= 1000 ? "met" : "NOT met";
  console.log(
    `  uncached list at 1,000 grinders (default page) ${uncached.requestsPerSecond.toFixed(0)} req/s   target ≥ 1,000 (${met})`,
  );
  if (
    hearth.non2xx + hearth.errors + uncached.non2xx + uncached.errors + fullPage.non2xx + fullPage.errors >
    0
  ) {
    console.log("  warning: a Hearth run had failed requests");
  }

  await bare.close();
  await t.cleanup();
  return { ratio, uncachedRatio };
}
