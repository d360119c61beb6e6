import { type CommandContext, defineCommand } from "../../bot/commands/command.ts";
import type { Embed } from "../../discord/port/port.ts";
import { badRequest } from "../../lib/errors.ts";
import type { BotFeature } from "../feature.ts";
import { StickyReposter } from "./reposter.ts";
import { listStickies, removeSticky, setSticky } from "./service.ts";

function targetChannel(command: CommandContext): string {
  const channelId = command.options.id("channel") ?? command.channelId;
  if (!channelId) throw badRequest("Pick a channel with the **channel** option.", "channel");
  return channelId;
}

const preview = (text: string) => (text.length > 80 ? `${text.slice(0, 77)}…` : text).replace(/\n/g, " ");

export const stickyCommands = () => [
  defineCommand("sticky set", async (command) => {
    const channelId = targetChannel(command);
    const { sticky, replaced } = await setSticky(command.ctx, command.serverId, {
      channelId,
      message: command.options.requireString("message"),
      triggerCount: command.options.number("trigger_count"),
      userId: command.user.id,
    });
    await command.reply(
      `📌 ${replaced ? "Replaced the" : "Set a"} sticky message in <#${channelId}>: it moves back to the bottom after every ${sticky.triggerCount} messages.`,
    );
  }),
  defineCommand("sticky remove", async (command) => {
    const channelId = targetChannel(command);
    await removeSticky(command.ctx, command.serverId, channelId, { tokenId: null, userId: command.user.id });
    await command.reply(`Removed the sticky message of <#${channelId}>.`);
  }),
  defineCommand("sticky list", async (command) => {
    const stickies = await listStickies(command.ctx, command.serverId);
    if (stickies.length === 0) {
      await command.reply("This server has no sticky messages. Add one with `/sticky set`.");
      return;
    }
    const shown = stickies.slice(0, 25);
    const embed: Embed = {
      title: `Sticky messages (${stickies.length})`,
      color: 0xf97316,
      fields: shown.map((sticky, index) => ({
        name: `${index + 1}.`,
        value: `<#${sticky.channelId}> · every ${sticky.triggerCount} messages${sticky.enabled ? "" : " · paused"}\n${preview(sticky.message)}`,
      })),
      ...(stickies.length > shown.length
        ? { footer: { text: `and ${stickies.length - shown.length} more` } }
        : {}),
    };
    await command.reply({ embeds: [embed] });
  }),
];

/** This feature's slash commands and gateway listeners. */
export const stickyBot: BotFeature = {
  commands: () => stickyCommands(),
  listeners: (bot, ctx) => {
    const reposter = new StickyReposter(ctx);
    let botUserId: string | null = null;
    const stop = bot.events.on("messageCreate", async (message) => {
      if (!message.guildId) return;
      if (message.author.bot) {
        botUserId ??= (await ctx.discord.getBotMember(message.guildId))?.user.id ?? null;
        if (message.author.id === botUserId) return;
      }
      await reposter.onMessage(message.guildId, message.channelId);
    });
    return () => {
      stop();
      reposter.stop();
    };
  },
};
