import type { AppContext } from "../../context.ts";
import type { MessageEvent } from "../../discord/port/events.ts";
import { isEnabled } from "../settings/service.ts";
import { parseRumbleGameOver } from "./parser.ts";
import { countWins, insertWin, type WinCount, winCounts } from "./store.ts";

type Deps = Pick<AppContext, "storage" | "discord" | "logger">;

export const leaderboardSize = 15;
export type RumblePeriod = "all-time" | "monthly";

/** The first moment of the calendar month (UTC) `now` falls in. */
export function monthStart(now: number): number {
  const date = new Date(now);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
}

export interface RumbleStanding extends WinCount {
  rank: number;
}

/** Ranks with ties sharing a place (1, 2, 2, 4). */
function ranked(counts: WinCount[]): RumbleStanding[] {
  let rank = 0;
  return counts.map((count, index) => {
    if (index === 0 || (counts[index - 1] as WinCount).wins !== count.wins) rank = index + 1;
    return { ...count, rank };
  });
}

/** The top 15 of a period and, when the caller is further down (or absent), their own standing. */
export async function rumbleLeaderboard(
  deps: Pick<Deps, "storage">,
  serverId: string,
  period: RumblePeriod,
  callerId: string,
  now = Date.now(),
): Promise<{ top: RumbleStanding[]; caller: RumbleStanding | null; players: number }> {
  const all = ranked(await winCounts(deps.storage.db, serverId, period === "monthly" ? monthStart(now) : 0));
  const top = all.slice(0, leaderboardSize);
  const caller = top.some((s) => s.userId === callerId)
    ? null
    : (all.find((s) => s.userId === callerId) ?? null);
  return { top, caller, players: all.length };
}

/** A member's wins: all time, this month, their all-time rank and last win. */
export async function rumbleStats(
  deps: Pick<Deps, "storage">,
  serverId: string,
  userId: string,
  now = Date.now(),
) {
  const all = ranked(await winCounts(deps.storage.db, serverId, 0));
  const mine = all.find((s) => s.userId === userId);
  return {
    wins: mine?.wins ?? 0,
    monthly: await countWins(deps.storage.db, serverId, userId, monthStart(now)),
    rank: mine?.rank ?? null,
    players: all.length,
    lastWinAt: mine?.lastWinAt ?? null,
  };
}

/** Records a past win (the demo server's history); answers false when that message was recorded. */
export function recordWin(
  deps: Pick<Deps, "storage">,
  win: { serverId: string; userId: string; channelId: string; messageId: string; wonAt: number },
): Promise<boolean> {
  return insertWin(deps.storage.db, win);
}

/**
 * Reads a battle-royale bot's message: with the Rumble tracker on, a game over records the winner
 * (once per message) and posts a congratulation with their total wins. Answers the recorded win.
 */
export async function recordGameOver(deps: Deps, message: MessageEvent) {
  if (!message.guildId || !message.author.bot) return null;
  const result = parseRumbleGameOver({
    authorId: message.author.id,
    content: message.content,
    embeds: message.embeds ?? [],
  });
  if (!result) return null;
  const serverId = message.guildId;
  if (!(await isEnabled(deps, serverId, "rumbleTrackerEnabled"))) return null;
  const recorded = await insertWin(deps.storage.db, {
    serverId,
    userId: result.winnerId,
    channelId: message.channelId,
    messageId: message.id,
    wonAt: message.createdAt || Date.now(),
  });
  if (!recorded) return null;
  const total = await countWins(deps.storage.db, serverId, result.winnerId);
  const monthly = await countWins(deps.storage.db, serverId, result.winnerId, monthStart(Date.now()));
  await deps.discord.sendMessage(message.channelId, {
    content: `🏆 Congratulations <@${result.winnerId}>, you won the rumble! That's **${total}** win${total === 1 ? "" : "s"} in all (${monthly} this month). See \`/rumble leaderboard\`.`,
    allowedMentions: { users: [result.winnerId] },
  });
  return { userId: result.winnerId, total, monthly };
}
