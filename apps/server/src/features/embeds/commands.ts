import type { EmbedDraft } from "@hearth/core";
import { type CommandContext, defineCommand } from "../../bot/commands/command.ts";
import { hasPermission } from "../../bot/commands/permissions.ts";
import type { AppContext } from "../../context.ts";
import type {
  ButtonInteraction,
  InteractionMember,
  SelectInteraction,
} from "../../discord/port/interaction.ts";
import { badRequest, forbidden } from "../../lib/errors.ts";
import type { BotFeature } from "../feature.ts";
import {
  buttonPrefix,
  modalPrefix,
  selectPrefix,
  templateDeleteNo,
  templateDeletePrefix,
  templateDeleteYesPrefix,
  templatesMessage,
} from "./builder.ts";
import { builderFor, onButton, onSelect } from "./controls.ts";
import { onModal } from "./form-submissions.ts";
import { downloadAttachment, importJson } from "./import-export.ts";
import { openEditSession } from "./sending.ts";
import { openSession } from "./service.ts";
import { deleteTemplate, listTemplates, resolveTemplate } from "./templates.ts";

/**
 * `/embed create|edit|templates`, and the wiring of the builder's buttons, menus and forms
 * (handled in controls.ts and form-submissions.ts).
 */

/** What a new embed starts as: valid, so the preview has something to show. */
export const blankDraft: EmbedDraft = {
  title: "New embed",
  description: "Use the buttons below to write this embed. The preview updates as you go.",
  color: "#F97316",
};

async function startingDraft(command: CommandContext): Promise<{ draft: EmbedDraft; note?: string }> {
  const { options, ctx, serverId } = command;
  const templateName = options.string("template");
  const file = options.attachment("file");
  if (templateName && file) {
    throw badRequest("Give either **template** or **file**, not both.", "file");
  }
  if (templateName) {
    const template = await resolveTemplate(ctx, serverId, templateName);
    return {
      draft: template.draft,
      note: `Started from the ${template.builtIn ? "built-in" : "saved"} template **${template.name}**.`,
    };
  }
  if (file) {
    const text = await downloadAttachment(file, { onlyDiscordCdn: ctx.discord.kind === "discord" });
    const imported = importJson(text);
    return {
      draft: imported.draft,
      note: [`📥 Imported **${file.filename}**.`, ...imported.notes].join(" "),
    };
  }
  return { draft: blankDraft };
}

export const embedCommands = () => [
  defineCommand(
    "embed create",
    async (command) => {
      const { draft, note } = await startingDraft(command);
      const session = await openSession(command.ctx, {
        serverId: command.serverId,
        userId: command.user.id,
        draft,
      });
      await command.reply(await builderFor(command.ctx, session, command.member, note), { ephemeral: true });
    },
    { ephemeral: true },
  ),
  defineCommand(
    "embed edit",
    async (command) => {
      const channelId = command.options.id("channel") ?? command.channelId;
      if (!channelId) throw badRequest("Give the message's **channel**.", "channel");
      const session = await openEditSession(command.ctx, {
        serverId: command.serverId,
        userId: command.user.id,
        member: command.member,
        channelId,
        messageId: command.options.requireString("message_id"),
      });
      await command.reply(await builderFor(command.ctx, session, command.member), { ephemeral: true });
    },
    { ephemeral: true },
  ),
  defineCommand(
    "embed templates",
    async (command) => {
      const templates = await listTemplates(command.ctx, command.serverId);
      const canDelete = hasPermission(command.member, "Manage Messages");
      await command.reply(templatesMessage(templates, canDelete), { ephemeral: true });
    },
    { ephemeral: true },
  ),
];

// ---- template deletion from /embed templates ----

function requireManageMessages(member: InteractionMember | null): void {
  if (!member || !hasPermission(member, "Manage Messages")) {
    throw forbidden("You need Manage Messages to delete embed templates.");
  }
}

async function onTemplateDeleteChoice(ctx: AppContext, interaction: SelectInteraction): Promise<void> {
  requireManageMessages(interaction.data.member);
  const { guildId } = interaction.data;
  const id = Number(interaction.data.values[0]);
  const template = (await listTemplates(ctx, guildId ?? "")).find((t) => t.id === id);
  if (!template) throw badRequest("That template was already deleted.");
  await interaction.reply(
    {
      content: `⚠️ Delete the template **${template.name}**? Embeds already posted from it stay as they are.`,
      components: [
        [
          {
            type: "button",
            style: "danger",
            label: "Delete",
            customId: `${templateDeleteYesPrefix}${template.id}`,
          },
          { type: "button", style: "secondary", label: "Keep it", customId: templateDeleteNo },
        ],
      ],
    },
    { ephemeral: true },
  );
}

async function onTemplateDeleteConfirmed(ctx: AppContext, interaction: ButtonInteraction): Promise<void> {
  requireManageMessages(interaction.data.member);
  const id = Number(interaction.data.customId.slice(templateDeleteYesPrefix.length));
  const removed = await deleteTemplate(ctx, interaction.data.guildId ?? "", id);
  await interaction.update({ content: `🗑️ Deleted the template **${removed.name}**.`, components: [] });
}

/** `/embed create|edit|templates` and the builder's buttons, menus and forms. */
export const embedsBot: BotFeature = {
  commands: () => embedCommands(),
  listeners: (bot, ctx) => {
    bot.onButton(buttonPrefix, (interaction) => onButton(ctx, interaction));
    bot.onSelect(selectPrefix, (interaction) => onSelect(ctx, interaction));
    bot.onModal(modalPrefix, (interaction) => onModal(ctx, interaction));
    bot.onSelect(templateDeletePrefix, (interaction) => onTemplateDeleteChoice(ctx, interaction));
    bot.onButton(templateDeleteYesPrefix, (interaction) => onTemplateDeleteConfirmed(ctx, interaction));
    bot.onButton(templateDeleteNo, (interaction) =>
      interaction.update({ content: "Kept the template.", components: [] }),
    );
    return undefined;
  },
};
