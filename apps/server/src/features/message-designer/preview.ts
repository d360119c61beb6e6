import type { Bot } from "../../bot/bot.ts";
import type { AppContext } from "../../context.ts";
import {
  embedsCharacters,
  fitMessage,
  fitText,
  messageLimits,
} from "../../discord/payload-rules/message-limits.ts";
import type { Interaction, ModalInteraction } from "../../discord/port/interaction.ts";
import type { Button, Embed, OutgoingMessage, SelectMenu, UserInfo } from "../../discord/port/port.ts";
import {
  cancelDraft,
  type DesignFlow,
  type Draft,
  designDraft,
  editDraft,
  redesignDraft,
  requireOwnDraft,
  saveDraft,
} from "./design-drafts.ts";
import { instructionsMax } from "./provider.ts";

export type { DesignFlow } from "./design-drafts.ts";

/**
 * Preview before saving, for every purpose: a design is stored as a draft and shown privately,
 * rendered for the member who asked, with Save (only this writes the feature's config), Try again
 * (another version, optionally with new instructions, through a form), Edit text (a form with the
 * texts) and Cancel. Buttons carry the draft id, so they keep working across restarts for an hour.
 */

type Ctx = AppContext;

const idOf = (purpose: string, action: string, draftId = "") => `designer:${purpose}:${action}:${draftId}`;

function sourceLine(draft: Draft<unknown, unknown>, serverName: string): string {
  if (draft.source === "ai") return `✨ Written by AI for **${serverName}**.`;
  if (draft.source === "edited") return "✏️ Edited by you.";
  return draft.fellBack
    ? "⚠️ The AI endpoint failed, answered late or answered something invalid, so the offline composer wrote this design."
    : "🧩 Written by the offline composer (this Hearth has no AI endpoint configured).";
}

const asDisabled = (row: (Button | SelectMenu)[]) =>
  row.map((component) =>
    component.type === "button" && component.style !== "link" ? { ...component, disabled: true } : component,
  );

/**
 * The preview's note, cut to the room the design leaves in the message (Discord allows 10 embeds
 * and 6,000 characters across them): the description gives way first, then the instructions; a
 * design that leaves no room at all is shown without the note (the buttons still say what to do).
 */
function noteEmbed(note: Embed & { description: string; title: string }, design: readonly Embed[]) {
  if (design.length >= messageLimits.embeds) return null;
  const room = messageLimits.total - embedsCharacters(design);
  const fields = note.fields ?? [];
  const fieldText = fields.reduce((sum, field) => sum + field.name.length + field.value.length, 0);
  if (room >= note.title.length + note.description.length + fieldText) return note;
  const withoutFields = room - note.title.length;
  if (withoutFields >= 200) {
    const { fields: _, ...rest } = note;
    return { ...rest, description: fitText(note.description, withoutFields) };
  }
  return room >= note.title.length ? { title: note.title, color: note.color } : null;
}

/** The preview: the design rendered for the caller, a note, and the four buttons. */
async function previewMessage<D, X>(
  ctx: Ctx,
  flow: DesignFlow<D, X>,
  draft: Draft<D, X>,
  user: UserInfo,
): Promise<OutgoingMessage> {
  const [rendered, guild] = await Promise.all([
    flow.render(ctx, draft, user),
    ctx.discord.getGuild(draft.serverId),
  ]);
  // The design exactly as it would be sent (cut to Discord's limits, refused links left out), so
  // the preview shows what members would see, and says what had to change.
  const fitted = fitMessage(rendered);
  const body = fitted.message;
  const instructions = draft.instructions.trim() || "(none)";
  const note = noteEmbed(
    {
      title: "👀 Preview: not saved yet",
      color: 0x99aab5,
      description: [
        sourceLine(draft, guild?.name ?? "this server"),
        ...flow.notes(draft),
        ...fitted.notes.map((line) => `⚠️ ${line}`),
        ...(fitted.refusal ? [`⛔ ${fitted.refusal}`] : []),
        `Press **Save** to use it, **Try again** for another version, **Edit text** to change the words, or **Cancel**. This preview expires <t:${Math.floor(draft.expiresAt / 1000)}:R>.`,
      ].join("\n"),
      fields: [{ name: "Your instructions", value: fitText(instructions, 1024) }],
    },
    body.embeds ?? [],
  );
  const { purpose } = flow;
  return {
    ...(body.content ? { content: body.content } : {}),
    embeds: [...(body.embeds ?? []), ...(note ? [note] : [])],
    components: [
      ...(body.components ?? []).slice(0, 4).map(asDisabled),
      [
        {
          type: "button",
          style: "success",
          label: "Save",
          emoji: "💾",
          customId: idOf(purpose.name, "save", draft.id),
        },
        {
          type: "button",
          style: "primary",
          label: "Try again",
          emoji: "🔄",
          customId: idOf(purpose.name, "retry", draft.id),
        },
        {
          type: "button",
          style: "secondary",
          label: "Edit text",
          emoji: "✏️",
          customId: idOf(purpose.name, "edit", draft.id),
        },
        {
          type: "button",
          style: "danger",
          label: "Cancel",
          customId: idOf(purpose.name, "cancel", draft.id),
        },
      ],
    ],
    // A preview never pings anyone, whatever the design mentions.
    allowedMentions: { users: [], roles: [] },
  };
}

/** Designs a message for `user` and answers its preview; nothing is saved yet. */
export async function startDesign<D, X>(
  ctx: Ctx,
  flow: DesignFlow<D, X>,
  input: { serverId: string; user: UserInfo; instructions: string; extra: X },
): Promise<OutgoingMessage> {
  return previewMessage(ctx, flow, await designDraft(ctx, flow, input), input.user);
}

/** The draft a button or form points at (its id follows the custom id's prefix). */
function draftFor<D, X>(
  ctx: Ctx,
  flow: DesignFlow<D, X>,
  interaction: Interaction,
  prefixLength: number,
): Promise<Draft<D, X>> {
  const { data } = interaction;
  return requireOwnDraft(ctx, flow, data.kind === "command" ? null : data.customId.slice(prefixLength), {
    member: data.member,
    guildId: data.guildId,
    userId: data.user.id,
  });
}

/** Registers the preview's buttons and forms for one purpose. */
export function listenForDesigns<D, X>(bot: Bot, ctx: Ctx, flow: DesignFlow<D, X>): void {
  const name = flow.purpose.name;
  const prefix = (action: string) => idOf(name, action);

  bot.onButton(prefix("save"), async (interaction) => {
    const draft = await draftFor(ctx, flow, interaction, prefix("save").length);
    const saved = await saveDraft(ctx, flow, draft, { tokenId: null, userId: interaction.data.user.id });
    await interaction.update({ components: [], ...saved });
  });

  bot.onButton(prefix("cancel"), async (interaction) => {
    const draft = await draftFor(ctx, flow, interaction, prefix("cancel").length);
    await cancelDraft(ctx, draft);
    await interaction.update({ content: "Cancelled: nothing was saved.", embeds: [], components: [] });
  });

  bot.onButton(prefix("retry"), async (interaction) => {
    const draft = await draftFor(ctx, flow, interaction, prefix("retry").length);
    await interaction.showModal({
      customId: idOf(name, "retryform", draft.id),
      title: "Try again",
      fields: [
        {
          customId: "instructions",
          label: "Instructions (change them or keep them)",
          style: "paragraph",
          required: false,
          maxLength: instructionsMax,
          value: draft.instructions,
        },
      ],
    });
  });

  bot.onModal(prefix("retryform"), async (interaction: ModalInteraction) => {
    const draft = await draftFor(ctx, flow, interaction, prefix("retryform").length);
    const next = await redesignDraft(ctx, flow, draft, interaction.data.fields.instructions ?? "");
    await interaction.update(await previewMessage(ctx, flow, next, interaction.data.user));
  });

  bot.onButton(prefix("edit"), async (interaction) => {
    const draft = await draftFor(ctx, flow, interaction, prefix("edit").length);
    await interaction.showModal({
      customId: idOf(name, "editform", draft.id),
      title: "Edit the message",
      fields: flow.editFields(draft.design).slice(0, 5),
    });
  });

  bot.onModal(prefix("editform"), async (interaction: ModalInteraction) => {
    const draft = await draftFor(ctx, flow, interaction, prefix("editform").length);
    const next = await editDraft(ctx, flow, draft, interaction.data.fields);
    await interaction.update(await previewMessage(ctx, flow, next, interaction.data.user));
  });
}
