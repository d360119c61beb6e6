import { defineCommand } from "../../bot/commands/command.ts";
import type { Embed } from "../../discord/port/port.ts";
import { notFound } from "../../lib/errors.ts";
import type { BotFeature } from "../feature.ts";
import { findLiveDashboardToken } from "./service.ts";
import { createDashboardTokenByDm, dashboardUrl, revokeMemberDashboardToken } from "./token-dms.ts";

const color = 0xf97316;
const seconds = (ms: number) => Math.floor(ms / 1000);

const create = defineCommand("dashboard create", async (command) => {
  await createDashboardTokenByDm(command.ctx, command.serverId, command.user.id);
  await command.reply("Check your DMs: your dashboard token is there. Keep it secret.");
});

const revoke = defineCommand("dashboard revoke", async (command) => {
  const targetId = command.options.requireId("user");
  const revoked = await revokeMemberDashboardToken(command.ctx, command.serverId, command.user, targetId);
  await command.reply({
    content: `Revoked <@${targetId}>'s dashboard token (id \`${revoked.id}\`). It stops working at once.`,
    allowedMentions: { users: [] },
  });
});

const token = defineCommand("dashboard token", async (command) => {
  const live = await findLiveDashboardToken(command.ctx, command.serverId, command.user.id);
  if (!live) {
    throw notFound("You have no dashboard token for this server. Run `/dashboard create` to get one by DM.");
  }
  const embed: Embed = {
    title: "Your dashboard token",
    description: `The token itself is never shown again: it was sent to you by DM. Dashboard: ${dashboardUrl(command.ctx.config)}`,
    color,
    fields: [
      { name: "ID", value: `\`${live.id}\``, inline: true },
      { name: "Permission", value: live.permission, inline: true },
      { name: "Created", value: `<t:${seconds(live.createdAt)}:F>`, inline: false },
      {
        name: "Last used",
        value: live.lastUsedAt === null ? "Never" : `<t:${seconds(live.lastUsedAt)}:R>`,
        inline: true,
      },
    ],
  };
  await command.reply({ embeds: [embed] });
});

/** This feature's slash commands and gateway listeners. */
export const dashboardBot: BotFeature = {
  commands: () => [create, revoke, token],
};
