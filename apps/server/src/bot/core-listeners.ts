import type { AppContext } from "../context.ts";
import { DiscordError } from "../discord/port.ts";
import { revokeTokensOfMember } from "../features/auth/service.ts";
import { markGuildLeft, upsertGuild } from "../features/system/store.ts";
import type { BotEvents } from "./events.ts";

type Deps = Pick<AppContext, "storage" | "discord" | "logger">;

/**
 * What the runtime itself does with gateway events, before any feature: keep the `guilds` table in
 * step with the guilds the bot is in, and revoke the dashboard tokens of a member who leaves.
 * Answers a function that removes the listeners.
 */
export function registerCoreListeners(deps: Deps, events: BotEvents): () => void {
  const db = deps.storage.db;
  const stops = [
    events.on("guildCreate", (guild) => upsertGuild(db, guild, Date.now())),
    events.on("guildDelete", ({ guildId }) => markGuildLeft(db, guildId, Date.now())),
    events.on("memberRemove", ({ guildId, user }) => revokeOnLeave(deps, guildId, user.id)),
  ];
  return () => {
    for (const stop of stops) stop();
  };
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
