import os from "node:os";
import { performance } from "node:perf_hooks";
import { insightsPeriods } from "@hearth/core";
import { sql } from "kysely";
import type { Storage } from "../src/db/database.ts";
import { demoGuildId } from "../src/discord/sandbox/demo-seed-data.ts";
import { dayMs } from "../src/features/insights/batch.ts";
import { InsightsCollector } from "../src/features/insights/collector.ts";
import { getInsightsSeries, getInsightsTop } from "../src/features/insights/queries.ts";
import { createTestContext, dialects } from "../test/helpers.ts";

const servers = Number(process.env.BENCH_INSIGHTS_SERVERS ?? 10_000);
const days = 365;
const runs = 200;
const seriesTargetMs = 20;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
}

async function time(run: () => Promise<unknown>): Promise<{ p50: number; p99: number }> {
  for (let i = 0; i < 10; i++) await run();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p99: percentile(samples, 99) };
}

/**
 * Fills `insights_days` with a year of rows for `servers` servers (the demo server among them) in
 * the database itself, so the fill takes seconds: ids are 18-digit numbers, counters vary by row.
 */
async function fillYear(storage: Storage, today: number): Promise<void> {
  const first = today - days + 1;
  const values = sql`(s.n * 7 + d.n) % 50, (s.n + d.n) % 20, (s.n * 13 + d.n * 7) % 2000, (s.n + d.n * 3) % 120,
    (s.n * 3 + d.n) % 90, (s.n + d.n) % 40, (d.n) % 15, (s.n) % 30, (s.n + d.n) % 6, ((s.n + d.n) % 6) * 250000`;
  const columns = sql`server_id, day, joins, leaves, messages, active_members, commands, giveaway_entries, votes,
    trigger_replies, grinder_payments, grinder_revenue`;
  if (storage.dialect === "postgres") {
    await sql`insert into insights_days (${columns})
      select case when s.n = 0 then ${demoGuildId} else (100000000000000000 + s.n)::text end, ${first} + d.n, ${values}
      from generate_series(0, ${servers - 1}) as s(n), generate_series(0, ${days - 1}) as d(n)`.execute(
      storage.db,
    );
    await sql`analyze insights_days`.execute(storage.db);
    return;
  }
  await sql`insert into insights_days (${columns})
    with recursive s(n) as (select 0 union all select n + 1 from s where n < ${servers - 1}),
      d(n) as (select 0 union all select n + 1 from d where n < ${days - 1})
    select case when s.n = 0 then ${demoGuildId} else cast(100000000000000000 + s.n as text) end, ${first} + d.n, ${values}
    from s, d`.execute(storage.db);
}

/** A year of channel and command breakdowns for the demo server (the top list reads these). */
async function fillKeys(storage: Storage, today: number): Promise<void> {
  const rows = [];
  for (let day = today - days + 1; day <= today; day++) {
    for (let channel = 0; channel < 20; channel++) {
      rows.push({
        server_id: demoGuildId,
        kind: "channel",
        day,
        key: String(300_000_000_000_000_000n + BigInt(channel)),
        count: ((day * 7 + channel * 13) % 300) + 1,
      });
    }
    for (let command = 0; command < 30; command++) {
      rows.push({
        server_id: demoGuildId,
        kind: "command",
        day,
        key: `command ${command}`,
        count: (day + command) % 40,
      });
    }
  }
  for (let i = 0; i < rows.length; i += 400) {
    await storage.db
      .insertInto("insights_day_keys")
      .values(rows.slice(i, i + 400))
      .execute();
  }
}

/** Counting in memory: the cost a message pays, and the write of a minute's batch. */
async function benchCollection(storage: Storage): Promise<void> {
  const collector = new InsightsCollector(storage.db, 3_600_000);
  const messages = 1_000_000;
  const now = Date.now();
  const start = performance.now();
  for (let i = 0; i < messages; i++) {
    collector.countMessage(
      String(100_000_000_000_000_000 + (i % 1000)),
      String(300_000_000_000_000_000 + (i % 7)),
      String(i % 5000),
      now,
    );
  }
  const perMessageNs = ((performance.now() - start) * 1e6) / messages;
  const flushStart = performance.now();
  await collector.flush(now);
  const flushMs = performance.now() - flushStart;
  console.log(
    `  count a message in memory                    ${perMessageNs.toFixed(0).padStart(6)} ns   (1,000,000 messages on 1,000 servers)`,
  );
  console.log(
    `  write that batch (1,000 servers, 7,000 channel rows, 5,000 authors) ${flushMs.toFixed(0).padStart(6)} ms   one transaction`,
  );
}

/**
 * Insights: a year's daily series (and the shorter periods) for one server among `servers` servers
 * with a year of rows each, through the service the route calls; target ≤ 20 ms for a year. Also
 * the period's top channels and commands, and what collection costs a message.
 */
export async function benchInsights(): Promise<void> {
  for (const dialect of dialects) {
    const t = await createTestContext({ dialect });
    const today = Math.floor(Date.now() / dayMs);
    const fillStart = performance.now();
    await fillYear(t.ctx.storage, today);
    await fillKeys(t.ctx.storage, today);
    const fillSeconds = (performance.now() - fillStart) / 1000;
    console.log(
      `\ninsights (${dialect}): ${servers.toLocaleString("en")} servers × ${days} days = ${(servers * days).toLocaleString("en")} day rows (filled in ${fillSeconds.toFixed(1)} s); ${runs} runs each; load average ${os
        .loadavg()
        .map((load) => load.toFixed(1))
        .join(" ")}`,
    );
    for (const period of [...insightsPeriods].reverse()) {
      const result = await time(() => getInsightsSeries(t.ctx, demoGuildId, { period, resolution: "day" }));
      const target =
        period === "1y" ? `target ≤ ${seriesTargetMs} ms ${result.p99 <= seriesTargetMs ? "✓" : "✗"}` : "";
      console.log(
        `  series ${period.padEnd(4)} by day (with previous period)    p50 ${result.p50.toFixed(2).padStart(6)} ms   p99 ${result.p99.toFixed(2).padStart(6)} ms   ${target}`,
      );
    }
    const top = await time(() => getInsightsTop(t.ctx, demoGuildId, { period: "1y", limit: 10 }));
    console.log(
      `  top channels and commands, 1y (20 channels, 30 commands a day) p50 ${top.p50.toFixed(2)} ms   p99 ${top.p99.toFixed(2)} ms`,
    );
    await benchCollection(t.ctx.storage);
    await t.cleanup();
  }
}
