import { type CommandContext, defineCommand } from "../../bot/commands/command.ts";
import type { Embed } from "../../discord/port/port.ts";
import { badRequest } from "../../lib/errors.ts";
import type { BotFeature } from "../feature.ts";
import { cancelDeleteId, deletePrefix, listenForSelfRoles } from "./components.ts";
import { startCreate } from "./create-flow.ts";
import { migrateReactionRoles } from "./migrate.ts";
import {
  bindPanel,
  createPanel,
  freeName,
  listPanelsWithMessages,
  type Panel,
  type PanelMessage,
  type PostedPanel,
  requirePanel,
} from "./panels.ts";
import { fitLines, panelColor, parseRoleList, RoleListError } from "./rules.ts";
import { addToWhitelist, removeFromWhitelist, viewWhitelist } from "./whitelist.ts";

const jump = (serverId: string, channelId: string, messageId: string) =>
  `https://discord.com/channels/${serverId}/${channelId}/${messageId}`;

function commandChannel(command: CommandContext, option = "channel"): string {
  const channelId = command.options.id(option) ?? command.channelId;
  if (!channelId) throw badRequest(`Pick a channel with the **${option}** option.`, option);
  return channelId;
}

function postedReply(posted: PostedPanel, extra: string[] = []): string {
  const where = `<#${posted.channelId}>`;
  const lines = [
    `✅ Posted the **${posted.panel.name}** panel (${posted.panel.roles.length} role${posted.panel.roles.length === 1 ? "" : "s"}, ${posted.panel.display}) in ${where}.`,
    ...extra,
    ...posted.warnings.map((warning) => `⚠️ ${warning}`),
  ];
  return lines.join("\n");
}

async function whitelistCommand(command: CommandContext) {
  const action = command.options.requireString("action");
  const { ctx, serverId } = command;
  if (action === "view") {
    const { whitelisted, blacklisted } = await viewWhitelist(ctx, serverId);
    const embed: Embed = {
      title: "Self-role whitelist",
      color: panelColor,
      description:
        whitelisted.length === 0
          ? "No roles are whitelisted. Add one with `/selfroles whitelist action:add role:@Role`."
          : fitLines(
              whitelisted.map((entry) => `• <@&${entry.roleId}>`),
              4000,
            ),
      ...(blacklisted.length > 0
        ? {
            fields: [
              {
                name: "🛡️ Blacklisted (taken off automatically)",
                value: fitLines(
                  blacklisted.map(
                    (entry) => `• <@&${entry.roleId}>: ${entry.reason ?? "dangerous permissions"}`,
                  ),
                  1024,
                ),
              },
            ],
          }
        : {}),
    };
    await command.reply({ embeds: [embed], allowedMentions: { roles: [] } });
    return;
  }
  const roleId = command.options.id("role");
  if (!roleId) throw badRequest(`Pick the **role** to ${action}.`, "role");
  if (action === "add") {
    const { role, warnings } = await addToWhitelist(ctx, serverId, command.user.id, roleId);
    await command.reply({
      content: [`✅ **@${role.name}** is whitelisted: it can go on self-role panels.`, ...warnings].join(
        "\n",
      ),
      allowedMentions: { roles: [] },
    });
  } else if (action === "remove") {
    const { panels } = await removeFromWhitelist(ctx, serverId, roleId, {
      tokenId: null,
      userId: command.user.id,
    });
    await command.reply({
      content: `Removed <@&${roleId}> from the whitelist${panels > 0 ? ` and from ${panels} panel${panels === 1 ? "" : "s"}` : ""}.`,
      allowedMentions: { roles: [] },
    });
  } else {
    throw badRequest("**action** must be add, remove or view.", "action");
  }
}

/** Discord refuses an embed over 6,000 characters in all: fields stop before that (then "and N more"). */
const embedBudget = 5800;

function panelListEmbed(serverId: string, panels: Panel[], messages: PanelMessage[]): Embed {
  const fields: { name: string; value: string }[] = [];
  let used = 0;
  for (const panel of panels.slice(0, 25)) {
    const roles = panel.roles.map((role) => `<@&${role.roleId}>`).join(" ") || "no roles right now";
    const posted = messages
      .filter((message) => message.panelId === panel.id)
      .map(
        (m) =>
          `[${m.kind === "bound" ? "bound" : "posted"} in <#${m.channelId}>](${jump(serverId, m.channelId, m.messageId)})`,
      );
    const where = posted.length > 0 ? fitLines(posted, 1023 - roles.length) : "not posted anywhere";
    const field = { name: `${panel.name} · ${panel.display}`, value: `${roles}\n${where}` };
    if (used + field.name.length + field.value.length > embedBudget) break;
    used += field.name.length + field.value.length;
    fields.push(field);
  }
  return {
    title: `Self-role panels (${panels.length})`,
    color: panelColor,
    fields,
    ...(panels.length > fields.length
      ? { footer: { text: `and ${panels.length - fields.length} more` } }
      : {}),
  };
}

export const selfRoleCommands = () => [
  defineCommand("selfroles whitelist", whitelistCommand),
  defineCommand("selfroles create", async (command) => {
    const modal = await startCreate(command.ctx, command.serverId, commandChannel(command));
    await command.interaction.showModal(modal);
  }),
  defineCommand("selfroles quick", async (command) => {
    const { ctx, serverId, options } = command;
    const display = options.string("display") ?? "buttons";
    if (display !== "buttons" && display !== "dropdown") {
      throw badRequest("**display** must be buttons or dropdown.", "display");
    }
    let roles: { roleId: string; emoji: string | null }[];
    try {
      roles = parseRoleList(options.requireString("roles"), await ctx.discord.listRoles(serverId));
    } catch (error) {
      if (error instanceof RoleListError) throw badRequest(error.message, "roles");
      throw error;
    }
    const title = options.string("title")?.trim() || "Pick your roles";
    const posted = await createPanel(ctx, serverId, command.user.id, {
      name: await freeName(ctx, serverId, title),
      title,
      display,
      roles,
      channelId: commandChannel(command),
    });
    await command.reply({ content: postedReply(posted), allowedMentions: { roles: [] } });
  }),
  defineCommand("selfroles migrate", async (command) => {
    const migration = await migrateReactionRoles(command.ctx, command.serverId, command.user.id, {
      messageId: command.options.requireString("message_id"),
      channelId: commandChannel(command),
    });
    const skipped =
      migration.skipped.length > 0
        ? [
            `Skipped ${migration.skipped.length}:`,
            fitLines(
              migration.skipped.map((line) => `• ${line}`),
              1000,
            ),
          ]
        : [];
    const extra = [
      `Imported ${migration.imported} role${migration.imported === 1 ? "" : "s"} with their emojis.`,
      ...skipped,
      ...migration.notes.map((note) => `• ${note}`),
      "The old message still works with its old bot; delete it once members use the new panel.",
    ];
    await command.reply({
      content: postedReply(migration, extra).slice(0, 2000),
      allowedMentions: { roles: [] },
    });
  }),
  defineCommand("selfroles bind", async (command) => {
    const channelId = commandChannel(command);
    const messageId = command.options.requireString("message_id").trim();
    const { panel, warnings } = await bindPanel(command.ctx, command.serverId, {
      panelName: command.options.requireString("panel"),
      channelId,
      messageId,
    });
    await command.reply({
      content: [
        `🔗 Bound the **${panel.name}** panel to [that message](${jump(command.serverId, channelId, messageId)}): its ${panel.display === "buttons" ? "buttons" : "menu"} now give the panel's roles.`,
        ...warnings.map((warning) => `⚠️ ${warning}`),
      ].join("\n"),
      allowedMentions: { roles: [] },
    });
  }),
  defineCommand("selfroles list", async (command) => {
    const { ctx, serverId } = command;
    const { panels, messages } = await listPanelsWithMessages(ctx, serverId);
    if (panels.length === 0) {
      await command.reply(
        "This server has no self-role panels yet. Admins create one with `/selfroles create`.",
      );
      return;
    }
    const embed = panelListEmbed(serverId, panels, messages);
    await command.reply({ embeds: [embed], allowedMentions: { roles: [] } });
  }),
  defineCommand("selfroles delete", async (command) => {
    const panel = await requirePanel(command.ctx, command.serverId, command.options.requireString("panel"));
    await command.reply({
      content: `⚠️ Delete the **${panel.name}** panel? Panel messages I posted are deleted and bound messages lose its buttons. Members keep the roles they have.`,
      components: [
        [
          { type: "button", style: "danger", label: "Delete panel", customId: `${deletePrefix}${panel.id}` },
          { type: "button", style: "secondary", label: "Cancel", customId: cancelDeleteId },
        ],
      ],
    });
  }),
];

/** Self-roles: commands, panel buttons and menus, the create conversation and the role guard. */
export const selfrolesBot: BotFeature = {
  commands: () => selfRoleCommands(),
  listeners: (bot, ctx) => listenForSelfRoles(bot, ctx),
};
