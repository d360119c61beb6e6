import type { AppContext } from "../../context.ts";
import { blockWin, type PoolEvent, screenWinner } from "./service.ts";

// The anti-pool hooks other features' draws call (giveaways, lotteries, raffles).
export { blockWin, protectionOn, recordPoolWin, screenWinner } from "./service.ts";

type Deps = Pick<AppContext, "storage" | "discord" | "logger">;

/** A lottery's or raffle's identity for the rule: its id, prize, channel and start. */
export function eventOf(
  serverId: string,
  kind: PoolEvent["kind"],
  event: { id: number | string; prize: string; channelId: string; createdAt: number },
): PoolEvent {
  return {
    serverId,
    kind,
    eventId: String(event.id),
    label: event.prize,
    channelId: event.channelId,
    startedAt: event.createdAt,
  };
}

/**
 * A screen for draws that pick winners one by one (the raffle's): true lets the member win; false
 * means the rule blocked them, which is recorded and sent to the pool manager before answering.
 */
export function poolScreen(deps: Deps, event: PoolEvent): (userId: string) => Promise<boolean> {
  return async (userId) => {
    const verdict = await screenWinner(deps, event, userId);
    if (verdict.ok) return true;
    await blockWin(deps, event, userId, verdict);
    return false;
  };
}
