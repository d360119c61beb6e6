import type { BotFeature } from "../../bot/commands/features.ts";

/** This feature's slash commands and gateway listeners. */
export const grindersBot: BotFeature = {};
