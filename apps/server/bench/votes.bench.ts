import os from "node:os";
import { performance } from "node:perf_hooks";
import { sql } from "kysely";
import { loadConfig } from "../src/config.ts";
import { demoGuildId, demoOwnerId } from "../src/discord/sandbox/demo-seed-data.ts";
import { configureVotes, getLeaderboard } from "../src/features/votes/service.ts";
import { monthOf } from "../src/features/votes/stats.ts";
import { signTimestamped } from "../src/features/votes/webhook.ts";
import { createTestApp } from "../test/helpers.ts";

/** The machine's state beside each figure: the wall rate depends on it, CPU per vote much less. */
const loadNow = () =>
  `load ${os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(" ")}`;

const median = (values: number[]) =>
  values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)] as number;

/**
 * (1) Ingest: top.gg-style signed votes (`t=…,v1=…` HMAC of the raw body checked, unique vote
 * ids) posted to the webhook route through Fastify's inject, 32 in flight; each is stored with the voter's stats in one
 * transaction and its delivery job queued (the job itself is not run here).
 * (2) The leaderboard at 1,000,000 stored votes of about 37,500 voters on SQLite: top 15 plus the caller's
 * position, monthly and all-time, median of 21 runs.
 */
export async function benchVotes(): Promise<{ votesPerSecond: number; leaderboardMs: number }> {
  console.log("\nVote tracker");
  let votesPerSecond = 0;
  for (const dialect of ["sqlite", "postgres"] as const) {
    if (dialect === "postgres" && !process.env.TEST_DATABASE_URL) {
      console.log("  postgres: ingest skipped (set TEST_DATABASE_URL to run it)");
      continue;
    }
    const perSecond = await benchIngest(dialect);
    if (dialect === "sqlite") votesPerSecond = perSecond;
  }
  const t = await createTestApp();
  try {
    const leaderboardMs = await benchLeaderboard(t.ctx);
    return { votesPerSecond, leaderboardMs };
  } finally {
    await t.cleanup();
  }
}

export async function benchIngest(dialect: "sqlite" | "postgres"): Promise<number> {
  // PostgreSQL with the production pool (the tests' 4 connections would all be held by the
  // webhook's 4 writers, and each request's read of the webhook's settings would wait for them).
  const t = await createTestApp({ dialect, poolSize: loadConfig({}).databasePoolSize });
  try {
    const { settings } = await configureVotes(t.ctx, demoGuildId, { tokenId: null, userId: demoOwnerId }, {});
    const votes = 5000;
    // A server that has been answering webhooks a while: 1,000 votes first (not timed), so the
    // figure is the steady rate and not the compiler's warm-up.
    const warmUp = 1000;
    const signedVote = (i: number) => {
      const raw = JSON.stringify({
        type: "vote.create",
        data: {
          id: `bench-${i}`,
          weight: 1,
          project: { type: "server", platform: "discord", platform_id: demoGuildId },
          user: {
            id: `90${String(i).padStart(16, "0")}`,
            platform_id: `71${String(i % 2000).padStart(16, "0")}`,
          },
        },
      });
      return { raw, signature: signTimestamped(settings.secret, raw) };
    };
    const url = `/api/votes/${settings.webhook_id}`;
    let failed = 0;
    /** The votes `from` .. `to` - 1, signed as top.gg signs them (before any timing: that is the sender's work). */
    const signed = (from: number, to: number) =>
      Array.from({ length: to - from }, (_, i) => signedVote(from + i));
    /** Posts the bodies, 32 in flight. */
    const post = async (bodies: ReturnType<typeof signed>) => {
      let next = 0;
      const worker = async () => {
        while (next < bodies.length) {
          const body = bodies[next++];
          if (!body) return;
          const res = await t.app.inject({
            method: "POST",
            url,
            headers: { "content-type": "application/json", "x-topgg-signature": body.signature },
            payload: body.raw,
          });
          if (res.statusCode !== 204) failed++;
        }
      };
      await Promise.all(Array.from({ length: 32 }, worker));
    };
    await post(signed(0, warmUp));
    const timed = signed(warmUp, warmUp + votes);
    const cpuBefore = process.cpuUsage();
    const start = performance.now();
    await post(timed);
    const seconds = (performance.now() - start) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    const votesPerSecond = votes / seconds;
    const cpuPerVote = (cpu.user + cpu.system) / votes;
    console.log(
      `  ${dialect}: webhook ingest (signed, deduplicated, stats + job, group-committed): ${Math.round(votesPerSecond).toLocaleString("en")} votes/s (target >= 5,000: ${votesPerSecond >= 5000 ? "OK" : "MISSED"}); ${cpuPerVote.toFixed(0)} µs of CPU per vote in this process (${Math.round(1e6 / cpuPerVote).toLocaleString("en")} votes per CPU-second; ${Math.round((100 * (cpu.user + cpu.system)) / 1e6 / seconds)} % of a core used) (${votes} votes after ${warmUp} not timed, 32 in flight, ${failed} failed); ${loadNow()}`,
    );
    return votesPerSecond;
  } finally {
    await t.cleanup();
  }
}

async function benchLeaderboard(
  ctx: Parameters<typeof getLeaderboard>[0] & {
    storage: { db: import("kysely").Kysely<import("../src/db/schema.ts").Database> };
  },
) {
  const db = ctx.storage.db;
  const server = "600000000000000001";
  const total = 1_000_000;
  const voters = 50_000;
  const now = Date.now();
  const seedStart = performance.now();
  await db
    .insertInto("vote_settings")
    .values({
      server_id: server,
      webhook_id: "bench-leaderboard-webhook",
      secret: "s",
      channel_id: null,
      reward_role_id: null,
      reward_hours: 0,
      leaderboards_enabled: 1,
      message: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await db.transaction().execute(async (trx) => {
    const batch = 4000;
    for (let offset = 0; offset < total; offset += batch) {
      const rows = Array.from({ length: Math.min(batch, total - offset) }, (_, i) => {
        const n = offset + i;
        // Skewed: low user numbers vote far more often, as real communities do.
        const user = Math.floor(((n * 7919) % voters) ** 2 / voters);
        return {
          server_id: server,
          user_id: `72${String(user).padStart(16, "0")}`,
          platform: "top.gg",
          vote_key: `top.gg:seed-${n}`,
          weight: 1,
          voted_at: now - (n % (90 * 86_400)) * 1000,
        };
      });
      await trx.insertInto("votes").values(rows).execute();
    }
    // The stats rows the webhook keeps up to date, built here in one pass from the vote rows.
    const month = monthOf(now);
    const [monthStart] = [Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), 1)];
    await sql`insert into vote_stats (server_id, user_id, total_votes, month, monthly_votes, current_streak, longest_streak, last_vote_day, last_vote_at)
      select server_id, user_id, sum(weight), ${month}, sum(case when voted_at >= ${monthStart} then weight else 0 end), 1, 1,
             max(voted_at) / 86400000, max(voted_at)
      from votes where server_id = ${server} group by server_id, user_id`.execute(trx);
  });
  console.log(
    `  seeded ${total.toLocaleString("en")} votes in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
  );
  // The caller sits far down the board, so their position is computed too.
  const { user_id: caller, stored } = await db
    .selectFrom("vote_stats")
    .select(["user_id", (eb) => eb.fn.countAll<number>().over().as("stored")])
    .where("server_id", "=", server)
    .orderBy("total_votes", "asc")
    .limit(1)
    .executeTakeFirstOrThrow();
  console.log(`  (${Number(stored).toLocaleString("en")} voters stored)`);
  const results: Record<string, number> = {};
  for (const kind of ["all-time", "monthly"] as const) {
    const times: number[] = [];
    for (let run = 0; run < 21; run++) {
      const start = performance.now();
      const board = await getLeaderboard(ctx, server, kind, caller, now);
      if (board.rows.length !== 15 || (kind === "all-time" && !board.caller))
        throw new Error("unexpected board");
      times.push(performance.now() - start);
    }
    results[kind] = median(times);
    console.log(
      `  leaderboard ${kind} (top 15 + caller's rank) at 1,000,000 votes: ${results[kind]?.toFixed(2)} ms (median of 21)`,
    );
  }
  return Math.max(results["all-time"] ?? 0, results.monthly ?? 0);
}
