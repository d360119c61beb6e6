import { exportEmbedJson } from "@hearth/core";
import type { AppContext } from "../../context.ts";
import type {
  ButtonInteraction,
  InteractionMember,
  ModalInteraction,
  SelectInteraction,
} from "../../discord/port/interaction.ts";
import type { OutgoingMessage } from "../../discord/port/port.ts";
import { badRequest, forbidden } from "../../lib/errors.ts";
import {
  type BuilderAction,
  builderActions,
  builderMessage,
  buttonPrefix,
  closedMessage,
  parseCustomId,
  selectPrefix,
} from "./builder.ts";
import { type BuilderForm, draftForm } from "./builder-forms.ts";
import { exportMessages } from "./import-export.ts";
import { previewMessage, sendSession } from "./sending.ts";
import {
  changeDraft,
  closeSession,
  type DraftSession,
  describeProblems,
  embedBuilderLimits,
  requireSession,
} from "./service.ts";
import { listTemplates, templateByChoice } from "./templates.ts";

/** The builder's buttons and menus: each opens a form, or changes, sends, exports or closes the draft. */

export const jumpLink = (serverId: string, channelId: string, messageId: string) =>
  `https://discord.com/channels/${serverId}/${channelId}/${messageId}`;

/** The builder message for a session, with the preview rendered for the member looking at it. */
export async function builderFor(
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

/** The session a control belongs to: the caller's own, on this server. */
export async function sessionOf(
  ctx: AppContext,
  interaction: ButtonInteraction | SelectInteraction | ModalInteraction,
  sessionId: string,
) {
  const { guildId, user } = interaction.data;
  const session = await requireSession(ctx, sessionId, user.id);
  if (session.serverId !== guildId) throw forbidden("This embed builder belongs to another server.");
  return session;
}

/** A click on one of the builder's buttons: `embed:b:<action>:<session>`. */
export async function onButton(ctx: AppContext, interaction: ButtonInteraction): Promise<void> {
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
  const messages = exportMessages(json);
  if (messages === null) {
    throw badRequest(
      `The embed's JSON is ${json.compact.length.toLocaleString("en-US")} characters, more than ${embedBuilderLimits.exportParts} messages can carry. Keep it on the server with **Save as template** instead.`,
    );
  }
  const [reply, ...followUps] = messages;
  await interaction.reply(reply ?? "", { ephemeral: true });
  for (const message of followUps) await interaction.followUp(message, { ephemeral: true });
}

/** A choice in the builder's field or template menu: `embed:s:<menu>:<session>`. */
export async function onSelect(ctx: AppContext, interaction: SelectInteraction): Promise<void> {
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
