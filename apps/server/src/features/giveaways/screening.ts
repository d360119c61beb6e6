import { drawWinners } from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { transactionForServer } from "../../db/locks.ts";
import { blockWin, type PoolEvent, protectionOn, recordPoolWin, screenWinner } from "../antipool/service.ts";
import * as entryStore from "./entry-store.ts";
import * as store from "./store.ts";

type Deps = Pick<AppContext, "storage" | "discord" | "logger">;

const gate = (messageId: string) => `giveaway:${messageId}`;

/**
 * Anti-pool screening of one draw, after it committed and before it is announced: each winner the
 * rule blocks (see antipool/service.ts) is taken out and the seat drawn again from the entrants who
 * haven't won or been blocked in this giveaway, until every seat holds an allowed winner or no one
 * is left. Winners who pass are counted for the window. With protection off it does nothing.
 */
export async function screenGiveawayDraw(
  ctx: Deps,
  serverId: string,
  messageId: string,
  draw: number,
  randomInt: (max: number) => number,
): Promise<void> {
  if (!(await protectionOn(ctx, serverId))) return;
  const giveaway = await store.findGiveaway(ctx.storage.db, serverId, messageId);
  if (!giveaway) return;
  const event: PoolEvent = {
    serverId,
    kind: "giveaway",
    eventId: messageId,
    label: giveaway.prize,
    channelId: giveaway.channelId,
    startedAt: giveaway.createdAt,
  };
  const passed = new Set<string>();
  const blocked = new Set<string>();
  for (;;) {
    const winners = (await store.listWinners(ctx.storage.db, [giveaway.id])).filter((w) => w.draw === draw);
    const next = winners.find((w) => !passed.has(w.userId));
    if (!next) return;
    const verdict = await screenWinner(ctx, event, next.userId);
    if (verdict.ok) {
      passed.add(next.userId);
      await recordPoolWin(ctx, event, next.userId);
      continue;
    }
    await blockWin(ctx, event, next.userId, verdict);
    blocked.add(next.userId);
    await transactionForServer(ctx.storage, serverId, gate(messageId), async (trx) => {
      await store.deleteWinner(trx, giveaway.id, next.userId, draw);
      const everyone = await store.listWinners(trx, [giveaway.id]);
      const pool = await entryStore.loadDrawPool(trx, giveaway.id);
      const exclude = [...everyone.map((w) => w.userId), ...blocked];
      const [pick] = drawWinners(pool, 1, randomInt, exclude);
      if (!pick) return;
      await store.insertWinners(trx, serverId, [
        {
          giveawayId: giveaway.id,
          userId: pick.id,
          username: pick.username,
          entries: pick.entries,
          draw,
          wonAt: Date.now(),
          replacesUserId: next.replacesUserId ?? null,
          // The seat keeps its claim window.
          claimDeadline: next.claimDeadline ?? null,
        },
      ]);
    });
  }
}
