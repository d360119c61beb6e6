import type { Bot } from "../../bot/bot.ts";
import type { AppContext } from "../../context.ts";
import { DiscordError } from "../../discord/port.ts";
import { revokeTokensOfMember } from "./service.ts";

type Deps = Pick<AppContext, "storage" | "discord" | "logger">;

/** A member who leaves a server loses their dashboard token for it, and is told by DM. */
export function listenForLeavers(bot: Pick<Bot, "events">, ctx: Deps): () => void {
  return bot.events.on("memberRemove", ({ guildId, user }) => revokeOnLeave(ctx, guildId, user.id));
}

async function revokeOnLeave(deps: Deps, guildId: string, userId: string): Promise<void> {
  const revoked = await revokeTokensOfMember(deps, guildId, userId);
  if (revoked === 0) return;
  const guild = await deps.discord.getGuild(guildId).catch(() => null);
  const server = guild?.name ?? "a server";
  try {
    await deps.discord.sendDirectMessage(userId, {
      content: `Your Hearth dashboard token for ${server} was revoked because you left the server.`,
    });
  } catch (error) {
    // Telling them is a courtesy; a closed DM (or a deleted account) is not a failure.
    if (error instanceof DiscordError && (error.code === "dm_closed" || error.code === "unknown_user"))
      return;
    deps.logger.warn({ err: error, guildId, userId }, "could not DM a member about their revoked token");
  }
}
