import type { BotFeature } from "../feature.ts";
import { answerGameEvent } from "./service.ts";

/** The Event helper has no commands of its own (`/settings feature:events_cheat` switches it). */
export const eventHelperBot: BotFeature = {
  listeners: (bot, ctx) =>
    bot.events.on("messageCreate", async (message) => {
      await answerGameEvent(ctx, message);
    }),
};
