import { defineCommand } from "../../bot/commands/command.ts";
import type { BotFeature } from "../feature.ts";
import { bankCalc, bankSplitEmbed } from "./service.ts";

const bankcalcCommand = defineCommand("bankcalc", async (command) => {
  const { options } = command;
  const result = await bankCalc(command.ctx, command.serverId, {
    total: options.requireString("total"),
    members: options.number("members"),
    crew: options.string("crew"),
    fee: options.string("fee"),
    organiserCut: options.string("organiser_cut"),
  });
  // Mentions in the table show who gets what without pinging anyone.
  await command.reply(
    { embeds: [bankSplitEmbed(result, command.user.id)], allowedMentions: {} },
    { ephemeral: options.boolean("post") !== true },
  );
});

/** `/bankcalc`, answered while the Bank calculator switch is on. */
export const bankcalcBot: BotFeature = {
  commands: () => [bankcalcCommand],
};
