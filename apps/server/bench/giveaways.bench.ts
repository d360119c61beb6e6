import { performance } from "node:perf_hooks";
import { drawWeighted, drawWinners } from "@hearth/core";
import { demoGuildId } from "../src/discord/demo-seed.ts";
import { putGiveawayConfig } from "../src/features/giveaways/config.ts";
import { enterGiveaway } from "../src/features/giveaways/entries.ts";
import { endGiveaway, secureRandomInt } from "../src/features/giveaways/service.ts";
import { makeSnowflake } from "../src/lib/snowflake.ts";
import { newGiveaway, owner, roleId } from "../test/fixtures/giveaways.ts";
import { createTestContext } from "../test/helpers.ts";

const median = (values: number[]) =>
  values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)] as number;

function timeRuns(runs: number, work: () => void): number {
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    work();
    times.push(performance.now() - start);
  }
  return median(times);
}

/**
 * (1) The draw: 10 winners from 1,000,000 weighted entrants (1–3 entries each), with the secure
 * random source the server uses; median of 9 runs. Target: well under a second.
 * (2) Entering: members entering one giveaway one after another through the service (requirement
 * checks, configuration, member read through the sandbox port, transaction) on SQLite.
 */
export async function benchGiveaways(): Promise<{ drawMs: number; entriesPerSecond: number }> {
  console.log("\nGiveaways");
  const entrants = 1_000_000;
  const weights = new Uint8Array(entrants).map((_, index) => 1 + (index % 3));
  const drawMs = timeRuns(9, () => {
    drawWeighted(weights, 10, secureRandomInt);
  });
  console.log(
    `  draw 10 winners of ${entrants.toLocaleString("en")} weighted entrants: ${drawMs.toFixed(1)} ms (median of 9)`,
  );
  const records = Array.from(weights, (weight, index) => ({
    id: `u${index}`,
    username: "",
    entries: weight,
  }));
  const recordsMs = timeRuns(9, () => {
    drawWinners(records, 10, secureRandomInt);
  });
  console.log(`  the same from entrant records, as the end of a giveaway draws: ${recordsMs.toFixed(1)} ms`);

  const members = 5000;
  const t = await createTestContext();
  try {
    const gold = await roleId(t.ctx, "Gold");
    await putGiveawayConfig(t.ctx, demoGuildId, owner, {
      bypassRoles: [await roleId(t.ctx, "Server Booster")],
      blacklistRoles: [],
      multiplierRoles: [{ roleId: gold, multiplier: 2 }],
    });
    const userIds = await addMembers(t.ctx.storage.db, members, gold);
    const giveaway = await newGiveaway(t.ctx, {
      requirements: { minAccountAge: 7, minMemberAge: 1, minInvites: 0, requiredRoles: [] },
    });
    const start = performance.now();
    for (const userId of userIds) await enterGiveaway(t.ctx, demoGuildId, giveaway.messageId, userId);
    const enterMs = performance.now() - start;
    const entriesPerSecond = Math.round((members / enterMs) * 1000);
    console.log(
      `  entering: ${members} members one after another in ${enterMs.toFixed(0)} ms = ${entriesPerSecond.toLocaleString("en")} entries/s (SQLite, through the service)`,
    );
    const endStart = performance.now();
    await endGiveaway(t.ctx, demoGuildId, giveaway.messageId, { by: "manual" });
    console.log(
      `  ending it (draw from ${members} stored entries, message edit, announcement): ${(performance.now() - endStart).toFixed(1)} ms`,
    );
    return { drawMs, entriesPerSecond };
  } finally {
    await t.cleanup();
  }
}

/** `count` new members of the demo server, every fourth holding `extraRole`. */
async function addMembers(
  db: Awaited<ReturnType<typeof createTestContext>>["ctx"]["storage"]["db"],
  count: number,
  extraRole: string,
): Promise<string[]> {
  const now = Date.now();
  // One millisecond apart, so no two ids can collide.
  const ids = Array.from({ length: count }, (_, index) => makeSnowflake(now - 400 * 86_400_000 + index));
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < count; start += 100) {
      const chunk = ids.slice(start, start + 100);
      await trx
        .insertInto("sandbox_users")
        .values(
          chunk.map((id) => ({
            id,
            username: `bench${id.slice(-6)}`,
            global_name: null,
            avatar: null,
            bot: 0,
            created_at: now - 400 * 86_400_000,
            dm_open: 1,
          })),
        )
        .execute();
      await trx
        .insertInto("sandbox_members")
        .values(
          chunk.map((id, index) => ({
            guild_id: demoGuildId,
            user_id: id,
            nick: null,
            roles: JSON.stringify((start + index) % 4 === 0 ? [extraRole] : []),
            joined_at: now - 30 * 86_400_000,
            timeout_until: null,
          })),
        )
        .execute();
    }
  });
  return ids;
}
