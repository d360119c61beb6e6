import type { PermissionLevel } from "@hearth/core";
import { type CommandContext, defineCommand } from "../../bot/commands/command.ts";
import { DiscordError, type Embed } from "../../discord/port.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import type { BotFeature } from "../feature.ts";
import { createAndDeliverDashboardToken, findLiveDashboardToken, revokeDashboardToken } from "./service.ts";

const color = 0xf97316;
const seconds = (ms: number) => Math.floor(ms / 1000);

export function dashboardUrl(command: Pick<CommandContext, "ctx">): string {
  return `${command.ctx.config.publicUrl ?? "http://localhost:3000"}/dashboard`;
}

async function permissionOf(command: CommandContext): Promise<PermissionLevel> {
  const guild = await command.ctx.discord.getGuild(command.serverId);
  return guild?.ownerId === command.user.id ? "owner" : "admin";
}

const create = defineCommand("dashboard create", async (command) => {
  const { ctx, serverId, user } = command;
  const existing = await findLiveDashboardToken(ctx, serverId, user.id);
  if (existing) {
    throw conflict(
      `You already have a dashboard token for this server (id \`${existing.id}\`, created <t:${seconds(existing.createdAt)}:R>). ` +
        "See it with `/dashboard token`. A token must be revoked before a new one is made: ask another administrator to run `/dashboard revoke` for you.",
    );
  }
  const guild = await ctx.discord.getGuild(serverId);
  const permission = await permissionOf(command);
  try {
    await createAndDeliverDashboardToken(ctx, { serverId, userId: user.id, permission }, async (token) => {
      await ctx.discord.sendDirectMessage(user.id, {
        embeds: [
          {
            title: `Your dashboard token for ${guild?.name ?? "this server"}`,
            description:
              `\`\`\`\n${token}\n\`\`\`\nOpen the dashboard at ${dashboardUrl(command)} and paste this token to sign in.\n\n` +
              "**Keep it secret.** Anyone with this token can change this server's Hearth settings. " +
              "If it leaks, ask another administrator to run `/dashboard revoke`.",
            color,
            fields: [{ name: "Permission", value: permission, inline: true }],
          },
        ],
      });
    });
  } catch (error) {
    if (error instanceof DiscordError && error.code === "dm_closed") {
      throw badRequest(
        "I couldn't DM you, so no token was created. Allow direct messages from this server's members " +
          "(Privacy Settings → Direct Messages), then run `/dashboard create` again.",
      );
    }
    throw error;
  }
  await command.reply("Check your DMs: your dashboard token is there. Keep it secret.");
});

const revoke = defineCommand("dashboard revoke", async (command) => {
  const { ctx, serverId, user } = command;
  const targetId = command.options.requireId("user");
  if (targetId === user.id) {
    throw badRequest(
      "You can't revoke your own token with `/dashboard revoke`. Ask another administrator to revoke it; " +
        "then run `/dashboard create` for a new one.",
    );
  }
  const live = await findLiveDashboardToken(ctx, serverId, targetId);
  if (!live) throw notFound(`<@${targetId}> has no dashboard token for this server.`);
  await revokeDashboardToken(ctx, live.id, `revoked by ${user.username} with /dashboard revoke`, {
    tokenId: null,
    userId: user.id,
  });
  const guild = await ctx.discord.getGuild(serverId);
  await ctx.discord
    .sendDirectMessage(targetId, {
      embeds: [
        {
          title: "Dashboard token revoked",
          description: `Your Hearth dashboard token for ${guild?.name ?? "a server"} was revoked by an administrator. It no longer works.`,
          color,
        },
      ],
    })
    .catch(() => undefined);
  await command.reply({
    content: `Revoked <@${targetId}>'s dashboard token (id \`${live.id}\`). It stops working at once.`,
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
    description: `The token itself is never shown again: it was sent to you by DM. Dashboard: ${dashboardUrl(command)}`,
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
