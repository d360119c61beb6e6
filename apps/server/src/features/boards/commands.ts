import type { BotFeature } from "../feature.ts";
import { BoardCounter } from "./counter.ts";
import { boardManageCommands, cancelId, deletePrefix, onDeleteConfirmed } from "./manage-commands.ts";
import { boardReportCommands } from "./report-commands.ts";

export const boardCommands = () => [...boardReportCommands(), ...boardManageCommands()];

/** Boards' slash commands, the delete confirmation, and the reaction counting. */
export const boardsBot: BotFeature = {
  commands: () => boardCommands(),
  listeners: (bot, ctx) => {
    const counter = new BoardCounter(ctx);
    bot.onButton(deletePrefix, (interaction) => onDeleteConfirmed(ctx, interaction));
    bot.onButton(cancelId, (interaction) =>
      interaction.update({ content: "Cancelled; the board was kept.", components: [] }),
    );
    const stops = [
      bot.events.on("reactionAdd", (event) => counter.onReaction(event, false)),
      bot.events.on("reactionRemove", (event) => counter.onReaction(event, true)),
      bot.events.on("reactionClear", (event) => counter.onReactionClear(event)),
      bot.events.on("messageDelete", (event) => counter.onMessageDelete(event)),
      bot.events.on("messageUpdate", (event) => counter.onMessageUpdate(event)),
      bot.events.on("channelDelete", (event) => counter.onChannelDelete(event)),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  },
};
