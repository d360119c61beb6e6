import type { Bot } from "../../bot/bot.ts";
import type { AppContext } from "../../context.ts";
import { settleTokenLevel } from "./follow-discord.ts";
import { findLiveDashboardToken, listDashboardTokens } from "./service.ts";
import { effectiveLevel, forgetStanding, standingOf } from "./standing.ts";
import { revokeTokensOnLeave } from "./token-dms.ts";

type Deps = Pick<AppContext, "storage" | "discord" | "logger">;

/** Re-reads a token holder's standing and lowers or revokes their token at once when it fell. */
async function followMember(ctx: Deps, serverId: string, userId: string): Promise<void> {
  const token = await findLiveDashboardToken(ctx, serverId, userId);
  if (!token) return;
  const standing = await standingOf(ctx, serverId, userId);
  const stored = token.permission as Parameters<typeof effectiveLevel>[0];
  const level = effectiveLevel(stored, standing);
  if (level !== stored) await settleTokenLevel(ctx, token, level);
}

/** Every token holder of a server, after a change that may touch any of them (a role edited or deleted). */
async function followServer(ctx: Deps, serverId: string): Promise<void> {
  const live = (await listDashboardTokens(ctx, serverId)).filter((token) => token.revokedAt === null);
  for (const token of live) await followMember(ctx, serverId, token.userId);
}

/**
 * A member who leaves a server loses their dashboard token for it, and is told by DM. The events
 * that change what a token holder is (their roles, a role's permissions, a role deleted, the server
 * seen again, perhaps with a new owner) drop what is known of their standing and settle their token.
 */
export function listenForLeavers(bot: Pick<Bot, "events">, ctx: Deps): () => void {
  const offs = [
    bot.events.on("memberRemove", ({ guildId, user }) => revokeTokensOnLeave(ctx, guildId, user.id)),
    bot.events.on("memberUpdate", ({ guildId, user }) => {
      forgetStanding(guildId, user.id);
      return followMember(ctx, guildId, user.id);
    }),
    bot.events.on("roleUpdate", ({ guildId }) => {
      forgetStanding(guildId);
      return followServer(ctx, guildId);
    }),
    bot.events.on("roleDelete", ({ guildId }) => {
      forgetStanding(guildId);
      return followServer(ctx, guildId);
    }),
    // On every (re)connect for every server: only forget, the next use re-reads (no burst of calls).
    bot.events.on("guildCreate", ({ id }) => forgetStanding(id)),
  ];
  return () => {
    for (const off of offs) off();
  };
}
