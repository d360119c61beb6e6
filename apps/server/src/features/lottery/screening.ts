import type { AppContext } from "../../context.ts";
import { blockWin, eventOf, protectionOn, recordPoolWin, screenWinner } from "../antipool/service.ts";
import * as store from "./store.ts";

type Deps = Pick<AppContext, "storage" | "discord" | "logger">;

/**
 * Anti-pool screening of a lottery draw, after it committed and before it is announced: a winner the
 * rule blocks (see antipool/service.ts) is replaced by a ticket drawn from the other holders, until
 * the winner is allowed or no holder is left. The allowed winner is counted for the window. With
 * protection off it does nothing.
 */
export async function screenLotteryDraw(
  ctx: Deps,
  serverId: string,
  lottery: store.Lottery,
  redraw: (pool: { id: string; entries: number }[]) => Promise<{ id: string; entries: number } | null>,
): Promise<store.Lottery> {
  if (!lottery.winnerId || !(await protectionOn(ctx, serverId))) return lottery;
  const event = eventOf(serverId, "lottery", lottery);
  const blocked = new Set<string>();
  let current = lottery;
  while (current.winnerId) {
    const verdict = await screenWinner(ctx, event, current.winnerId);
    if (verdict.ok) {
      await recordPoolWin(ctx, event, current.winnerId);
      return current;
    }
    await blockWin(ctx, event, current.winnerId, verdict);
    blocked.add(current.winnerId);
    const pool = (await store.loadPool(ctx.storage.db, lottery.id)).filter((c) => !blocked.has(c.id));
    const winner = await redraw(pool);
    await store.setWinner(ctx.storage.db, lottery.id, winner);
    current = { ...current, winnerId: winner?.id ?? null, winnerTickets: winner?.entries ?? null };
  }
  return current;
}
