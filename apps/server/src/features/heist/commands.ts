import { defineCommand } from "../../bot/commands/command.ts";
import { badRequest } from "../../lib/errors.ts";
import type { BotFeature } from "../feature.ts";
import { announceHeist } from "./service.ts";

export const heistCommands = () => [
  defineCommand("heist announce", async (command) => {
    const channelId = command.options.id("channel") ?? command.channelId;
    if (!channelId) throw badRequest("Pick a channel with the **channel** option.", "channel");
    const { sent, startsAt, imageShown } = await announceHeist(
      command.ctx,
      command.serverId,
      {
        channelId,
        time: command.options.requireString("time"),
        amount: command.options.requireString("amount"),
        requirements: command.options.string("requirements"),
        hostId: command.user.id,
      },
      { tokenId: null, userId: command.user.id },
    );
    const image = imageShown ? " with the heist image" : "";
    await command.reply(
      `🏦 Heist announced in <#${sent.channelId}>${image}: it starts <t:${Math.floor(startsAt / 1000)}:R>.`,
      { ephemeral: true },
    );
  }),
];

/** This feature's slash commands. */
export const heistBot: BotFeature = { commands: () => heistCommands() };
