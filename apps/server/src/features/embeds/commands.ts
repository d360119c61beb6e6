import { type EmbedDraft, exportEmbedJson } from "@hearth/core";
import { type CommandContext, defineCommand } from "../../bot/commands/command.ts";
import type { BotFeature } from "../../bot/commands/features.ts";
import { hasPermission } from "../../bot/commands/permissions.ts";
import type {
  ButtonInteraction,
  InteractionMember,
  ModalInteraction,
  SelectInteraction,
} from "../../bot/interaction.ts";
import type { AppContext } from "../../context.ts";
import type { OutgoingMessage } from "../../discord/port.ts";
import { AppError, badRequest, forbidden } from "../../lib/errors.ts";
import {
  applyForm,
  type BuilderAction,
  type BuilderForm,
  builderActions,
  builderMessage,
  buttonPrefix,
  closedMessage,
  draftForm,
  modalPrefix,
  parseCustomId,
  readYesNo,
  selectPrefix,
  templateDeleteNo,
  templateDeletePrefix,
  templateDeleteYesPrefix,
  templatesMessage,
} from "./builder.ts";
import {
  changeDraft,
  closeSession,
  type DraftSession,
  deleteTemplate,
  describeProblems,
  downloadAttachment,
  embedBuilderLimits,
  exportParts,
  importJson,
  listTemplates,
  openEditSession,
  openSession,
  previewMessage,
  requireSession,
  resolveTemplate,
  saveTemplate,
  sendSession,
  templateByChoice,
} from "./service.ts";
import { setPendingForm } from "./store.ts";

/** What a new embed starts as: valid, so the preview has something to show. */
export const blankDraft: EmbedDraft = {
  title: "New embed",
  description: "Use the buttons below to write this embed. The preview updates as you go.",
  color: "#F97316",
};

const jumpLink = (serverId: string, channelId: string, messageId: string) =>
  `https://discord.com/channels/${serverId}/${channelId}/${messageId}`;

/** The builder message for a session, with the preview rendered for the member looking at it. */
async function builderFor(
  ctx: AppContext,
  session: DraftSession,
  member: InteractionMember | null,
  note?: string,
): Promise<OutgoingMessage> {
  const [preview, templates] = await Promise.all([
    previewMessage(ctx, session.serverId, member, session.draft),
    listTemplates(ctx, session.serverId),
  ]);
  return builderMessage(session, preview.embed, {
    templates,
    buttons: preview.buttons,
    ...(note ? { note } : {}),
  });
}

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

// ---- the builder's controls ----

const editingForms: Partial<Record<BuilderAction, BuilderForm>> = {
  body: "body",
  author: "author",
  footer: "footer",
  colour: "colour",
  images: "images",
  addfield: "addfield",
  save: "save",
  import: "import",
  buttons: "buttons",
};

async function sessionOf(
  ctx: AppContext,
  interaction: ButtonInteraction | SelectInteraction | ModalInteraction,
  sessionId: string,
) {
  const { guildId, user } = interaction.data;
  const session = await requireSession(ctx, sessionId, user.id);
  if (session.serverId !== guildId) throw forbidden("This embed builder belongs to another server.");
  return session;
}

async function onButton(ctx: AppContext, interaction: ButtonInteraction): Promise<void> {
  const parsed = parseCustomId(buttonPrefix, interaction.data.customId);
  const action = parsed?.name as BuilderAction | undefined;
  if (!parsed || !action || !builderActions.includes(action)) {
    throw badRequest("This button no longer does anything.");
  }
  const session = await sessionOf(ctx, interaction, parsed.sessionId);
  const form = editingForms[action];
  if (form) {
    if (form === "addfield" && (session.draft.fields?.length ?? 0) >= 25) {
      throw badRequest("The embed has 25 fields, Discord's limit. Remove one before adding another.");
    }
    await interaction.showModal(draftForm(session, form));
    return;
  }
  const member = interaction.data.member;
  switch (action) {
    case "timestamp": {
      const change = await changeDraft(ctx, session, {
        ...session.draft,
        timestamp: !session.draft.timestamp,
      });
      if (!change.ok) throw badRequest(describeProblems(change.problems));
      await interaction.update(await builderFor(ctx, change.session, member));
      return;
    }
    case "export":
      await sendExport(interaction, session);
      return;
    case "send": {
      if (session.target) {
        if (!member) throw forbidden("Embeds are sent from a server.");
        const sent = await sendSession(ctx, session, member);
        await interaction.update(
          await builderFor(
            ctx,
            session,
            member,
            `✅ Updated [the message](${jumpLink(session.serverId, sent.channelId, sent.messageId)}).`,
          ),
        );
        return;
      }
      const channel = interaction.data.channelId
        ? await ctx.discord.getChannel(interaction.data.channelId)
        : null;
      await interaction.showModal(
        draftForm(session, "send", { channelName: channel ? `#${channel.name}` : null }),
      );
      return;
    }
    case "cancel":
      await closeSession(ctx, session.id);
      await interaction.update(closedMessage());
      return;
    case "retry": {
      const pending = session.pendingForm;
      if (!pending) throw badRequest("There's nothing to fix: your last change was saved.");
      await interaction.showModal(draftForm(session, pending.form as BuilderForm, {}, pending.fields));
      return;
    }
    default:
      throw badRequest("This button no longer does anything.");
  }
}

async function sendExport(interaction: ButtonInteraction, session: DraftSession): Promise<void> {
  const json = {
    pretty: exportEmbedJson(session.draft, { pretty: true }),
    compact: exportEmbedJson(session.draft),
  };
  const parts = exportParts(json);
  const how =
    "Import it with **Import JSON** in the builder, or save it as a `.json` file and use `/embed create file:`.";
  if (parts.length > embedBuilderLimits.exportParts) {
    throw badRequest(
      `The embed's JSON is ${json.compact.length.toLocaleString("en-US")} characters, more than ${embedBuilderLimits.exportParts} messages can carry. Keep it on the server with **Save as template** instead.`,
    );
  }
  if (parts.length === 1) {
    await interaction.reply(`📤 The embed as JSON. ${how}\n\`\`\`json\n${parts[0]}\n\`\`\``, {
      ephemeral: true,
    });
    return;
  }
  await interaction.reply(
    `📤 The embed as JSON, in ${parts.length} parts: copy them one after the other into one file, with nothing between them. ${how}\nPart 1 of ${parts.length}:\n\`\`\`json\n${parts[0]}\n\`\`\``,
    { ephemeral: true },
  );
  for (let index = 1; index < parts.length; index++) {
    await interaction.followUp(`Part ${index + 1} of ${parts.length}:\n\`\`\`json\n${parts[index]}\n\`\`\``, {
      ephemeral: true,
    });
  }
}

async function onSelect(ctx: AppContext, interaction: SelectInteraction): Promise<void> {
  const parsed = parseCustomId(selectPrefix, interaction.data.customId);
  if (!parsed) throw badRequest("This menu no longer does anything.");
  const session = await sessionOf(ctx, interaction, parsed.sessionId);
  const choice = interaction.data.values[0] ?? "";
  if (parsed.name === "field") {
    const index = Number(choice);
    if (!Number.isInteger(index) || !session.draft.fields?.[index]) {
      throw badRequest("That field is no longer in the embed.");
    }
    await interaction.showModal(draftForm(session, `field:${index}`));
    return;
  }
  if (parsed.name === "load") {
    const template = await templateByChoice(ctx, session.serverId, choice);
    const change = await changeDraft(ctx, session, template.draft);
    if (!change.ok) throw badRequest(describeProblems(change.problems, "That template can't be loaded:"));
    await interaction.update(
      await builderFor(
        ctx,
        change.session,
        interaction.data.member,
        `Loaded the template **${template.name}**.`,
      ),
    );
    return;
  }
  throw badRequest("This menu no longer does anything.");
}

/** The draft after a field form: added, changed, or removed (REMOVE). */
function applyFieldForm(draft: EmbedDraft, form: BuilderForm, fields: Record<string, string>): EmbedDraft {
  const inline = readYesNo(fields.inline);
  if (inline === null) throw badRequest("Answer **yes** or **no** for side by side.", "inline");
  const list = [...(draft.fields ?? [])];
  const field = { name: fields.name ?? "", value: fields.value ?? "", ...(inline ? { inline: true } : {}) };
  if (form === "addfield") return { ...draft, fields: [...list, field] };
  const index = Number(form.slice("field:".length));
  if (!list[index]) throw badRequest("That field is no longer in the embed.");
  if ((fields.remove ?? "").trim().toLowerCase() === "remove") list.splice(index, 1);
  else list[index] = field;
  return { ...draft, fields: list };
}

const isForm = (name: string): name is BuilderForm =>
  /^(body|author|footer|colour|images|addfield|buttons|save|import|send|field:\d{1,2})$/.test(name);

async function onModal(ctx: AppContext, interaction: ModalInteraction): Promise<void> {
  const parsed = parseCustomId(modalPrefix, interaction.data.customId);
  if (!parsed || !isForm(parsed.name)) throw badRequest("This form is no longer in use.");
  const form = parsed.name;
  const session = await sessionOf(ctx, interaction, parsed.sessionId);
  const { fields, member } = interaction.data;
  const refuse = async (message: string) => {
    await setPendingForm(ctx.storage.db, session.id, { form, fields });
    await interaction.reply(
      {
        content: `${message}\nYour draft is unchanged. **Fix it** reopens the form with what you typed.`,
        components: [
          [
            {
              type: "button",
              style: "primary",
              label: "Fix it",
              emoji: "✏️",
              customId: `${buttonPrefix}retry:${session.id}`,
            },
          ],
        ],
      },
      { ephemeral: true },
    );
  };
  try {
    let next: EmbedDraft;
    let note: string | undefined;
    switch (form) {
      case "save": {
        const replace = readYesNo(fields.replace);
        if (replace === null)
          throw badRequest("Answer **yes** or **no** for replacing a template.", "replace");
        const saved = await saveTemplate(ctx, session.serverId, {
          name: fields.name ?? "",
          draft: session.draft,
          userId: interaction.data.user.id,
          replace,
        });
        await interaction.update(
          await builderFor(
            ctx,
            session,
            member,
            `💾 ${saved.replaced ? "Replaced" : "Saved"} the template **${saved.template.name}**.`,
          ),
        );
        return;
      }
      case "send": {
        if (!member) throw forbidden("Embeds are sent from a server.");
        const sent = await sendSession(ctx, session, member, {
          channel: fields.channel ?? "",
          content: fields.content ?? "",
        });
        await interaction.update(
          await builderFor(
            ctx,
            session,
            member,
            `✅ Sent to <#${sent.channelId}> · [jump to it](${jumpLink(session.serverId, sent.channelId, sent.messageId)}). Send again or keep editing.`,
          ),
        );
        return;
      }
      case "import": {
        const imported = importJson(fields.json ?? "");
        next = imported.draft;
        note = ["📥 Imported the JSON.", ...imported.notes].join(" ");
        break;
      }
      default:
        next =
          form === "addfield" || form.startsWith("field:")
            ? applyFieldForm(session.draft, form, fields)
            : applyForm(session.draft, form, fields);
    }
    const change = await changeDraft(ctx, session, next, { form, fields });
    if (!change.ok) {
      await refuse(describeProblems(change.problems));
      return;
    }
    await interaction.update(await builderFor(ctx, change.session, member, note));
  } catch (error) {
    if (error instanceof AppError && (error.statusCode === 400 || error.statusCode === 409)) {
      await refuse(error.message);
      return;
    }
    throw error;
  }
}

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
  listen: (bot, ctx) => {
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
