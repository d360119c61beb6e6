import { performance } from "node:perf_hooks";
import { demoGuildId, demoOwnerId } from "../src/discord/sandbox/demo-seed-data.ts";
import {
  drawLottery,
  drawLotteryWinner,
  startLottery,
  takeTickets,
} from "../src/features/lottery/service.ts";
import { makeSnowflake } from "../src/lib/snowflake.ts";
import { createTestContext } from "../test/helpers.ts";

type Db = Awaited<ReturnType<typeof createTestContext>>["ctx"]["storage"]["db"];

/**
 * (1) Taking tickets: members taking one ticket at a time in one lottery through the service (member
 * read through the sandbox port, the cap check and the write in one transaction), on SQLite.
 * (2) The draw of 100,000 tickets: the pure draw from 100,000 one-ticket holders (median of 9), and
 * /lottery draw through the service with 100,000 tickets held by 20,000 members (pool loaded from
 * the database, drawn, stored, audited, the message edited and the winner announced).
 */
export async function benchLottery(): Promise<{
  ticketsPerSecond: number;
  drawMs: number;
  serviceDrawMs: number;
}> {
  console.log("\nLottery");
  const t = await createTestContext();
  try {
    const events = (await t.ctx.discord.listChannels(demoGuildId)).find((c) => c.name === "events");
    if (!events) throw new Error("no #events");
    const owner = { tokenId: null, userId: demoOwnerId };
    const members = 2000;
    const perMember = 3;
    const ids = await addMembers(t.ctx.storage.db, members);
    const lottery = await startLottery(t.ctx, demoGuildId, owner, {
      prize: "bench",
      durationSeconds: 3600,
      maxTickets: perMember,
      channelId: events.id,
    });
    const start = performance.now();
    for (let round = 0; round < perMember; round++) {
      for (const userId of ids) await takeTickets(t.ctx, demoGuildId, userId, 1);
    }
    const takeMs = performance.now() - start;
    const takes = members * perMember;
    const ticketsPerSecond = Math.round((takes / takeMs) * 1000);
    console.log(
      `  taking tickets: ${takes.toLocaleString("en")} takes of 1 ticket (${members} members × ${perMember}) in ${takeMs.toFixed(0)} ms = ${ticketsPerSecond.toLocaleString("en")} tickets/s (SQLite, through the service)`,
    );
    await drawLottery(t.ctx, demoGuildId, { by: "manual", lotteryId: lottery.id });

    const pool = Array.from({ length: 100_000 }, (_, index) => ({ id: `u${index}`, entries: 1 }));
    const times: number[] = [];
    for (let run = 0; run < 9; run++) {
      const before = performance.now();
      await drawLotteryWinner(pool);
      times.push(performance.now() - before);
    }
    const drawMs = times.toSorted((a, b) => a - b)[4] as number;
    console.log(
      `  draw 1 winning ticket of 100,000 (100,000 holders, secure random): ${drawMs.toFixed(2)} ms (median of 9)`,
    );

    const big = await startLottery(t.ctx, demoGuildId, owner, {
      prize: "bench 100k",
      durationSeconds: 3600,
      maxTickets: 5,
      channelId: events.id,
    });
    await fillTickets(t.ctx.storage.db, big.id, 20_000, 5);
    const drawStart = performance.now();
    const drawn = await drawLottery(t.ctx, demoGuildId, { by: "manual", lotteryId: big.id });
    const serviceDrawMs = performance.now() - drawStart;
    console.log(
      `  /lottery draw through the service: ${drawn.ticketsSold?.toLocaleString("en")} tickets of ${drawn.entrants?.toLocaleString("en")} members in ${serviceDrawMs.toFixed(1)} ms (load, draw, store, audit, edit, announce)`,
    );
    return { ticketsPerSecond, drawMs, serviceDrawMs };
  } finally {
    await t.cleanup();
  }
}

async function fillTickets(db: Db, lotteryId: number, holders: number, tickets: number): Promise<void> {
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < holders; start += 200) {
      const rows = Array.from({ length: Math.min(200, holders - start) }, (_, index) => ({
        lottery_id: lotteryId,
        user_id: String(900_000_000_000_000_000n + BigInt(start + index)),
        tickets,
        updated_at: now,
      }));
      await trx.insertInto("lottery_tickets").values(rows).execute();
    }
  });
}

async function addMembers(db: Db, count: number): Promise<string[]> {
  const now = Date.now();
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
          chunk.map((id) => ({
            guild_id: demoGuildId,
            user_id: id,
            nick: null,
            roles: "[]",
            joined_at: now - 30 * 86_400_000,
            timeout_until: null,
          })),
        )
        .execute();
    }
  });
  return ids;
}
