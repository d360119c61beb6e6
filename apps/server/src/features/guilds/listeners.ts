import type { Bot } from "../../bot/bot.ts";
import type { AppContext } from "../../context.ts";
import { recordGuildJoined, recordGuildLeft } from "./service.ts";

/** Keeps the `guilds` table in step with the servers the bot is in. */
export function listenForGuilds(bot: Pick<Bot, "events">, ctx: Pick<AppContext, "storage">): () => void {
  const stops = [
    bot.events.on("guildCreate", (guild) => recordGuildJoined(ctx, guild)),
    bot.events.on("guildDelete", ({ guildId }) => recordGuildLeft(ctx, guildId)),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}
