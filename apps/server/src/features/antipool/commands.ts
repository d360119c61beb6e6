import { defineCommand } from "../../bot/commands/command.ts";
import type { Embed } from "../../discord/port/port.ts";
import type { BotFeature } from "../feature.ts";
import { approveBlock, approveButtonPrefix, poolStatus, reasonText } from "./service.ts";

export const antipoolCommands = () => [
  defineCommand("antipool status", async (command) => {
    const status = await poolStatus(command.ctx, command.serverId);
    const rule = status.on
      ? `**On.** A member wins at most one of this server's giveaways, lotteries and raffles per **${status.windowHours} h**, and can't win an event that started before they joined, unless the pool manager approves.`
      : "**Off.** Set a pool manager on the dashboard's Settings tab (or `/settings feature:anti_pool toggle:true`) to turn it on.";
    const embed: Embed = {
      title: "🛡️ Anti-pool protection",
      description: `${rule}\nPool manager: ${status.managerId ? `<@${status.managerId}>` : "none"}`,
      color: 0xf59e0b,
      fields: status.pending.slice(0, 10).map((block) => ({
        name: `#${block.id} · ${block.label.slice(0, 200)}`,
        value: `<@${block.userId}> ${reasonText(block)}`.slice(0, 1024),
      })),
      footer: {
        text: `${status.pending.length} blocked win${status.pending.length === 1 ? "" : "s"} waiting for approval`,
      },
    };
    await command.reply({ embeds: [embed], allowedMentions: {} }, { ephemeral: true });
  }),
];

/** `/antipool status` and the pool manager's Approve button (in DMs or the log channel). */
export const antipoolBot: BotFeature = {
  commands: () => antipoolCommands(),
  listeners: (bot, ctx) => {
    bot.onButton(approveButtonPrefix, async (interaction) => {
      const id = Number(interaction.data.customId.slice(approveButtonPrefix.length));
      const { block, already } = await approveBlock(ctx, id, interaction.data.user.id);
      const done = already
        ? `This win was already approved${block.decidedBy ? ` by <@${block.decidedBy}>` : ""}.`
        : `✅ Approved: <@${block.userId}> wins **${block.label}** too.`;
      await interaction.update({ content: done, components: [], allowedMentions: {} });
    });
    return undefined;
  },
};
