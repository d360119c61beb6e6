import type { AppContext } from "../../context.ts";
import type { Bot } from "../bot.ts";
import type { CommandDefinition } from "./command.ts";

/**
 * What a feature contributes to the bot: command definitions (bound by catalogue path) and
 * gateway listeners (member joins, presences, messages, buttons). Each feature exports one of
 * these from its `commands.ts`; `features/index.ts` lists them.
 */
export interface BotFeature {
  commands?: (ctx: AppContext) => CommandDefinition[];
  /** Registers listeners and button handlers; answers a function that removes them. */
  listen?: (bot: Bot, ctx: AppContext) => (() => void) | undefined;
}
