import { drawWinners, type RandomInt } from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { secureRandomInt } from "../giveaways/service.ts";

/** A member in the raffle's draw: who, and how many tickets (each ticket is one chance). */
export interface RaffleCandidate {
  id: string;
  entries: number;
}

export interface RaffleDraw {
  /** In draw order. */
  winners: RaffleCandidate[];
  /** Drawn, but no longer in the server: their tickets left the draw and another was drawn. */
  left: string[];
  /** Winners whose membership could not be checked (Discord failed); kept rather than dropped. */
  unverified: string[];
  /** Drawn, but refused by `screen` (anti-pool): skipped, and the seat drawn again. */
  blocked: string[];
}

/**
 * The raffle's winner selection, in one place so it can be wrapped (e.g. to screen candidates):
 * up to `count` winners weighted by tickets, without replacement, with the giveaways' secure draw.
 * Each drawn member's membership is checked at draw time; one who left is skipped and the seat is
 * drawn again from the rest, which is the same as drawing from the members still here. A lookup
 * that fails keeps the winner (noted in `unverified`), so a Discord hiccup never costs a win.
 */
export async function drawRaffleWinners(
  ctx: Pick<AppContext, "discord" | "logger">,
  serverId: string,
  candidates: readonly RaffleCandidate[],
  count: number,
  randomInt: RandomInt = secureRandomInt,
  screen?: (userId: string) => Promise<boolean>,
): Promise<RaffleDraw> {
  const winners: RaffleCandidate[] = [];
  const left: string[] = [];
  const unverified: string[] = [];
  const blocked: string[] = [];
  while (winners.length < count) {
    const skip = [...winners.map((winner) => winner.id), ...left, ...blocked];
    const picks = drawWinners(candidates, count - winners.length, randomInt, skip);
    if (picks.length === 0) break;
    for (const pick of picks) {
      const membership = await stillMember(ctx, serverId, pick.id);
      if (membership === "gone") left.push(pick.id);
      else if (screen && !(await screen(pick.id))) blocked.push(pick.id);
      else {
        winners.push(pick);
        if (membership === "unknown") unverified.push(pick.id);
      }
    }
  }
  return { winners, left, unverified, blocked };
}

async function stillMember(
  ctx: Pick<AppContext, "discord" | "logger">,
  serverId: string,
  userId: string,
): Promise<"member" | "gone" | "unknown"> {
  try {
    return (await ctx.discord.getMember(serverId, userId)) ? "member" : "gone";
  } catch (error) {
    ctx.logger.warn({ err: error, serverId, userId }, "could not check a raffle winner's membership");
    return "unknown";
  }
}
