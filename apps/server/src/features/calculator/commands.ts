import { defineCommand } from "../../bot/commands/command.ts";
import { badRequest } from "../../lib/errors.ts";
import type { BotFeature } from "../feature.ts";
import { answerExpressionMessage, calculateForCommand } from "./service.ts";

const calcCommand = defineCommand(
  "calc",
  async (command) => {
    const result = calculateForCommand(command.options.requireString("expression"));
    if (!result.ok) throw badRequest(result.text, "expression");
    await command.reply({ content: result.text, allowedMentions: {} });
  },
  { ephemeral: false },
);

/** `/calc` for everyone; sums typed in chat answered while the Calculator switch is on. */
export const calculatorBot: BotFeature = {
  commands: () => [calcCommand],
  listeners: (bot, ctx) =>
    bot.events.on("messageCreate", async (message) => {
      await answerExpressionMessage(ctx, message);
    }),
};
