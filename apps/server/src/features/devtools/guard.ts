import type { BotGuard } from "../../bot/guard.ts";
import type { AppContext } from "../../context.ts";
import type { BotEventMap, BotEventName } from "../../discord/port/events.ts";
import {
  blockedServerNotice,
  blockedUserNotice,
  globalState,
  isDeveloper,
  leaveBlockedServer,
  lockdownNotice,
} from "./service.ts";

/**
 * Events a member causes: a blocked user's are dropped. Departures, deletions and role or channel
 * changes still reach the listeners, so records stay true (a token is still revoked when its
 * blocked holder leaves the server).
 */
const userEvents = new Set<BotEventName>([
  "memberAdd",
  "memberUpdate",
  "presenceUpdate",
  "messageCreate",
  "reactionAdd",
  "reactionRemove",
]);

function guildOf<K extends BotEventName>(name: K, payload: BotEventMap[K]): string | null {
  if (name === "guildCreate") return (payload as BotEventMap["guildCreate"]).id;
  const value = (payload as { guildId?: unknown }).guildId;
  return typeof value === "string" ? value : null;
}

function userOf<K extends BotEventName>(name: K, payload: BotEventMap[K]): string | null {
  switch (name) {
    case "messageCreate":
      return (payload as BotEventMap["messageCreate"]).author.id;
    case "memberAdd":
    case "memberUpdate":
      return (payload as BotEventMap["memberAdd"]).user.id;
    case "presenceUpdate":
    case "reactionAdd":
    case "reactionRemove":
      return (payload as BotEventMap["reactionAdd"]).userId;
    default:
      return null;
  }
}

/**
 * The check in front of everything the bot does: blocked users and servers get nothing (a blocked
 * server that shows up is left, with the reason logged), and while a lockdown is on every command,
 * button, menu and form answers the notice. The bot's developers always pass, so they can lift it.
 */
export function devtoolsGuard(ctx: AppContext): BotGuard {
  return {
    async checkInteraction(interaction) {
      const { user, guildId } = interaction.data;
      if (isDeveloper(ctx, user.id)) return null;
      const state = await globalState(ctx);
      if (state.blocks.get(user.id)?.kind === "user") return blockedUserNotice;
      const serverBlock = guildId ? state.blocks.get(guildId) : undefined;
      if (serverBlock?.kind === "server") {
        void leaveBlockedServer(ctx, serverBlock);
        return blockedServerNotice;
      }
      if (state.lockdown) return lockdownNotice(state.lockdown);
      return null;
    },
    async allowEvent(name, payload) {
      // Interactions are checked (and answered) by the router; a departure is always recorded.
      if (name === "interactionCreate" || name === "guildDelete") return true;
      const state = await globalState(ctx);
      if (state.blocks.size === 0) return true;
      const guildId = guildOf(name, payload);
      const serverBlock = guildId ? state.blocks.get(guildId) : undefined;
      if (serverBlock?.kind === "server") {
        void leaveBlockedServer(ctx, serverBlock);
        return false;
      }
      const userId = userEvents.has(name) ? userOf(name, payload) : null;
      return !(userId && state.blocks.get(userId)?.kind === "user");
    },
  };
}
