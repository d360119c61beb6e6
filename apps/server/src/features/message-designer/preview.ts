import type { Bot } from "../../bot/bot.ts";
import type { AppContext } from "../../context.ts";
import type { Interaction, InteractionMember, ModalInteraction } from "../../discord/interaction.ts";
import type { Button, Embed, OutgoingMessage, SelectMenu, TextInput, UserInfo } from "../../discord/port.ts";
import { badRequest, forbidden } from "../../lib/errors.ts";
import { type DesignPurpose, design, instructionsMax, serverContext } from "./provider.ts";
import { createDraft, type Draft, deleteDraft, findDraft, updateDraft } from "./store.ts";

/**
 * Preview before saving, for every purpose: a design is stored as a draft and shown privately,
 * rendered for the member who asked, with Save (only this writes the feature's config), Try again
 * (another version, optionally with new instructions, through a form), Edit text (a form with the
 * texts) and Cancel. Buttons carry the draft id, so they keep working across restarts for an hour.
 */

type Ctx = AppContext;

export interface DesignFlow<D, X> {
  purpose: DesignPurpose<D>;
  /** Refuses members who may not design this (the command's permissions, re-checked on each click). */
  requirePermission(member: InteractionMember | null): void;
  /** The design rendered as the members will see it, for `user` (the preview's own parts). */
  render(ctx: Ctx, draft: Draft<D, X>, user: UserInfo): Promise<OutgoingMessage>;
  /** Lines for the preview's note (sample values used, where it will be posted…). */
  notes(draft: Draft<D, X>): string[];
  /** The Edit text form's fields, pre-filled (at most five). */
  editFields(design: D): TextInput[];
  /** The design after the Edit text form; throws a friendly error naming the limit. */
  applyEdit(design: D, fields: Record<string, string>): D;
  /** Writes the design into the feature's config; answers the message that replaces the preview. */
  save(ctx: Ctx, draft: Draft<D, X>, actor: { tokenId: null; userId: string }): Promise<OutgoingMessage>;
}

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

/** The preview: the design rendered for the caller, a note, and the four buttons. */
async function previewMessage<D, X>(
  ctx: Ctx,
  flow: DesignFlow<D, X>,
  draft: Draft<D, X>,
  user: UserInfo,
): Promise<OutgoingMessage> {
  const [body, guild] = await Promise.all([
    flow.render(ctx, draft, user),
    ctx.discord.getGuild(draft.serverId),
  ]);
  const instructions = draft.instructions.trim() || "(none)";
  const note: Embed = {
    title: "👀 Preview: not saved yet",
    color: 0x99aab5,
    description: [
      sourceLine(draft, guild?.name ?? "this server"),
      ...flow.notes(draft),
      `Press **Save** to use it, **Try again** for another version, **Edit text** to change the words, or **Cancel**. This preview expires <t:${Math.floor(draft.expiresAt / 1000)}:R>.`,
    ].join("\n"),
    fields: [
      {
        name: "Your instructions",
        value: instructions.length > 1024 ? `${instructions.slice(0, 1021)}…` : instructions,
      },
    ],
  };
  const { purpose } = flow;
  return {
    ...(body.content ? { content: body.content } : {}),
    embeds: [...(body.embeds ?? []), note],
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
  const instructions = input.instructions.trim().slice(0, instructionsMax);
  const server = await serverContext(ctx, input.serverId);
  const result = await design(ctx, flow.purpose, instructions, server);
  const draft = await createDraft<D, X>(ctx.storage.db, {
    serverId: input.serverId,
    userId: input.user.id,
    purpose: flow.purpose.name,
    instructions,
    design: result.design,
    source: result.source,
    fellBack: result.fellBack,
    attempt: 0,
    extra: input.extra,
  });
  return previewMessage(ctx, flow, draft, input.user);
}

const expired = () =>
  badRequest(
    "This preview has expired (previews last an hour) or was already saved or cancelled: run the command again.",
  );

/** The draft a button or form points at, checked: live, the caller's own, and the caller still allowed. */
async function draftFor<D, X>(
  ctx: Ctx,
  flow: DesignFlow<D, X>,
  interaction: Interaction,
  prefixLength: number,
): Promise<Draft<D, X>> {
  const { data } = interaction;
  if (data.kind === "command") throw expired();
  flow.requirePermission(data.member);
  const draft = await findDraft<D, X>(ctx.storage.db, data.customId.slice(prefixLength), flow.purpose.name);
  if (!draft || draft.serverId !== data.guildId) throw expired();
  if (draft.userId !== data.user.id) {
    throw forbidden(`Only <@${draft.userId}>, who asked for this design, can use its buttons.`);
  }
  return draft;
}

/** Registers the preview's buttons and forms for one purpose. */
export function listenForDesigns<D, X>(bot: Bot, ctx: Ctx, flow: DesignFlow<D, X>): void {
  const name = flow.purpose.name;
  const prefix = (action: string) => idOf(name, action);

  bot.onButton(prefix("save"), async (interaction) => {
    const draft = await draftFor(ctx, flow, interaction, prefix("save").length);
    const saved = await flow.save(ctx, draft, { tokenId: null, userId: interaction.data.user.id });
    await deleteDraft(ctx.storage.db, draft.id);
    await interaction.update({ components: [], ...saved });
  });

  bot.onButton(prefix("cancel"), async (interaction) => {
    const draft = await draftFor(ctx, flow, interaction, prefix("cancel").length);
    await deleteDraft(ctx.storage.db, draft.id);
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
    const instructions =
      (interaction.data.fields.instructions ?? "").trim().slice(0, instructionsMax) || draft.instructions;
    const attempt = draft.attempt + 1;
    const server = await serverContext(ctx, draft.serverId);
    const result = await design(ctx, flow.purpose, instructions, server, { attempt });
    const expiresAt = await updateDraft(ctx.storage.db, draft.id, {
      design: result.design,
      source: result.source,
      fellBack: result.fellBack,
      attempt,
      instructions,
    });
    const next = {
      ...draft,
      design: result.design,
      source: result.source,
      fellBack: result.fellBack,
      attempt,
      instructions,
      expiresAt,
    };
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
    const edited = flow.applyEdit(draft.design, interaction.data.fields);
    const problems = flow.purpose.problems(edited);
    if (problems.length > 0) throw badRequest(`Not saved: ${problems.join("\n")}`);
    const expiresAt = await updateDraft(ctx.storage.db, draft.id, {
      design: edited,
      source: "edited",
      fellBack: false,
      attempt: draft.attempt,
      instructions: draft.instructions,
    });
    const next = { ...draft, design: edited, source: "edited" as const, fellBack: false, expiresAt };
    await interaction.update(await previewMessage(ctx, flow, next, interaction.data.user));
  });
}
