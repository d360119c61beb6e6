import type { Bot } from "../../bot/bot.ts";
import type { AppContext } from "../../context.ts";
import { insightsCollector } from "./service.ts";

/**
 * Counts what the bot hears at its single entry points (the gateway's event bus and the command
 * registry's completion hook), so no feature has to report joins, leaves, messages or commands.
 * Each bot process hears only its own shards' servers, so each event is counted once. Counting is
 * a few in-memory map updates: nothing here awaits or touches the database.
 */
export function listenForInsights(bot: Bot, ctx: AppContext): () => void {
  const collector = insightsCollector(ctx);
  const stops = [
    bot.events.on("memberAdd", (member) => collector.count(member.guildId, "joins")),
    bot.events.on("memberRemove", (event) => collector.count(event.guildId, "leaves")),
    bot.events.on("messageCreate", (message) => {
      // Members' messages only: the bot's own posts, other bots' and webhooks' are not activity.
      if (!message.guildId || message.author.bot || message.webhookId) return;
      collector.countMessage(message.guildId, message.channelId, message.author.id);
    }),
    bot.onCommandRun((serverId, path) => collector.countKey(serverId, "commands", "command", path)),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}
