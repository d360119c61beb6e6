import { type CommandContext, defineCommand } from "../../bot/commands/command.ts";
import { Permission } from "../../discord/roles/permissions.ts";
import type { BotFeature } from "../feature.ts";
import { auditButtonPrefix, auditMessage, parseAuditCustomId } from "./audit-view.ts";
import { assignRole, removeRole, syncRoles } from "./roles.ts";
import {
  banUser,
  type CaseAction,
  kickMember,
  listCases,
  type ModerationCase,
  timeoutMember,
  unbanUser,
  warnMember,
} from "./service.ts";

const moderateMembers = 1n << 40n;

const moderator = (command: CommandContext) => ({ userId: command.user.id, roleIds: command.member.roleIds });
const caller = (command: CommandContext) => ({
  ...moderator(command),
  permissions: command.member.permissions,
});
const caseTag = (entry: ModerationCase) => `Case #${entry.caseNumber}`;
const dmNote = (notified: boolean) =>
  notified ? "They were told by DM." : "Their DMs are closed, so they weren't told.";
const until = (at: number | null) => (at ? ` until <t:${Math.floor(at / 1000)}:f>` : "");

export const moderationCommands = () => [
  defineCommand("mod ban", async (command) => {
    const userId = command.options.requireId("user");
    const result = await banUser(command.ctx, command.serverId, moderator(command), {
      userId,
      reason: command.options.string("reason") ?? null,
      duration: command.options.string("duration") ?? null,
      deleteDays: command.options.number("delete_days") ?? null,
    });
    await command.reply(
      `🔨 Banned <@${userId}>${until(result.case.expiresAt)}. ${caseTag(result.case)}. ${dmNote(result.notified)}`,
    );
  }),
  defineCommand("mod kick", async (command) => {
    const userId = command.options.requireId("user");
    const result = await kickMember(command.ctx, command.serverId, moderator(command), {
      userId,
      reason: command.options.string("reason") ?? null,
    });
    await command.reply(`👢 Kicked <@${userId}>. ${caseTag(result.case)}. ${dmNote(result.notified)}`);
  }),
  defineCommand("mod timeout", async (command) => {
    const userId = command.options.requireId("user");
    const result = await timeoutMember(command.ctx, command.serverId, moderator(command), {
      userId,
      duration: command.options.requireString("duration"),
      reason: command.options.string("reason") ?? null,
    });
    await command.reply(`⏳ Timed out <@${userId}>${until(result.case.expiresAt)}. ${caseTag(result.case)}.`);
  }),
  defineCommand("mod unban", async (command) => {
    const userId = command.options.requireId("user");
    const entry = await unbanUser(command.ctx, command.serverId, moderator(command), {
      userId,
      reason: command.options.string("reason") ?? null,
    });
    await command.reply(`🔓 Unbanned <@${userId}>. ${caseTag(entry)}.`);
  }),
  defineCommand("mod warn", async (command) => {
    const userId = command.options.requireId("user");
    const result = await warnMember(command.ctx, command.serverId, moderator(command), {
      userId,
      reason: command.options.requireString("reason"),
    });
    await command.reply(`⚠️ Warned <@${userId}>. ${caseTag(result.case)}. ${dmNote(result.notified)}`);
  }),
  defineCommand("mod audit", async (command) => {
    const userId = command.options.id("user");
    const action = command.options.string("action") as CaseAction | undefined;
    const view = { page: 0, ...(userId ? { userId } : {}), ...(action ? { action } : {}) };
    await command.reply(auditMessage(view, await listCases(command.ctx, command.serverId, view)));
  }),
  defineCommand("role assign", async (command) => {
    const userId = command.options.requireId("user");
    const role = await assignRole(command.ctx, command.serverId, caller(command), {
      userId,
      roleId: command.options.requireId("role"),
    });
    await command.reply(`Gave <@&${role.id}> to <@${userId}>.`);
  }),
  defineCommand("role remove", async (command) => {
    const userId = command.options.requireId("user");
    const role = await removeRole(command.ctx, command.serverId, caller(command), {
      userId,
      roleId: command.options.requireId("role"),
    });
    await command.reply(`Took <@&${role.id}> from <@${userId}>.`);
  }),
  defineCommand("role sync", async (command) => {
    const userId = command.options.id("user");
    const report = await syncRoles(command.ctx, command.serverId, userId ? { userId } : {});
    await command.reply(
      [
        `Role sync${userId ? ` for <@${userId}>` : ""}: checked ${report.checked} role record${report.checked === 1 ? "" : "s"}.`,
        `Given back: ${report.restored} · Forgotten (member left): ${report.forgotten} · Couldn't give: ${report.skipped}`,
      ].join("\n"),
    );
  }),
];

/** This feature's slash commands and gateway listeners. */
export const moderationBot: BotFeature = {
  commands: () => moderationCommands(),
  listeners: (bot, ctx) => {
    bot.onButton(auditButtonPrefix, async (interaction) => {
      const view = parseAuditCustomId(interaction.data.customId);
      const member = interaction.data.member;
      const serverId = interaction.data.guildId;
      const bits = BigInt(member?.permissions ?? "0");
      if (!view || !serverId || (bits & (moderateMembers | Permission.Administrator)) === 0n) {
        await interaction.reply("You need the Moderate Members permission to read the case log.", {
          ephemeral: true,
        });
        return;
      }
      await interaction.update(auditMessage(view, await listCases(ctx, serverId, view)));
    });
    return undefined;
  },
};
