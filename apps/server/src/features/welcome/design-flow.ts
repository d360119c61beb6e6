import { welcomeLimits } from "@hearth/core";
import type { InteractionMember } from "../../discord/port/interaction.ts";
import { badRequest, forbidden } from "../../lib/errors.ts";
import type { DesignFlow } from "../message-designer/service.ts";
import { normaliseColour } from "../message-designer/service.ts";
import { type ComposedWelcome, welcomePurpose } from "./ai-composer.ts";
import { toOutgoingMessage } from "./render.ts";
import { previewWelcome, updateWelcomeConfig } from "./service.ts";

/** Administrator or Manage Server (the catalogue asks Manage Server; Administrator implies it). */
const manageBits = (1n << 3n) | (1n << 5n);

export function requireWelcomeManager(member: InteractionMember | null): void {
  if ((BigInt(member?.permissions ?? "0") & manageBits) === 0n) {
    throw forbidden("You need Manage Server to set up welcome messages.");
  }
}

/** What saving a welcome design needs besides the design: where welcomes go. */
export interface WelcomeDraftExtra {
  channelId: string;
}

const configOf = (design: ComposedWelcome, channelId: string) => ({ ...design, enabled: true, channelId });

/** `/welcome setup` in the designer: preview rendered as if the caller had just joined; Save turns it on. */
export const welcomeDesignFlow: DesignFlow<ComposedWelcome, WelcomeDraftExtra> = {
  purpose: welcomePurpose,
  requirePermission: requireWelcomeManager,
  async render(ctx, draft, user) {
    const config = configOf(draft.design, draft.extra.channelId);
    return toOutgoingMessage(await previewWelcome(ctx, draft.serverId, user.id, config));
  },
  notes(draft) {
    return [
      `This is how the welcome will look in <#${draft.extra.channelId}>, shown as if you had just joined. The button is disabled in the preview.`,
    ];
  },
  editFields(design) {
    return [
      {
        customId: "title",
        label: "Title",
        style: "short",
        required: false,
        maxLength: welcomeLimits.title,
        value: design.embed.title,
      },
      {
        customId: "description",
        label: "Description",
        style: "paragraph",
        required: false,
        // A form field holds at most 4,000 characters (Discord's limit for text inputs).
        maxLength: 4000,
        value: design.embed.description,
      },
      {
        customId: "color",
        label: "Colour (#RRGGBB)",
        style: "short",
        minLength: 3,
        maxLength: 7,
        value: design.embed.color,
      },
      {
        customId: "footer",
        label: "Footer",
        style: "paragraph",
        required: false,
        maxLength: welcomeLimits.footerText,
        value: design.embed.footer.text,
      },
      {
        customId: "button",
        label: "Button label (empty: no button)",
        style: "short",
        required: false,
        maxLength: welcomeLimits.buttonLabel,
        value: design.button.enabled ? design.button.label : "",
      },
    ];
  },
  applyEdit(design, fields) {
    const colourText = fields.color ?? design.embed.color;
    const color = normaliseColour(colourText);
    if (color === null) {
      throw badRequest(`color: "${colourText.slice(0, 20)}" isn't a #RRGGBB colour (like #F97316).`, "color");
    }
    const label = (fields.button ?? design.button.label).trim();
    return {
      mentionUser: design.mentionUser,
      embed: {
        ...design.embed,
        title: (fields.title ?? design.embed.title).trim(),
        description: (fields.description ?? design.embed.description).trim(),
        color,
        footer: { ...design.embed.footer, text: (fields.footer ?? design.embed.footer.text).trim() },
      },
      button:
        label === "" ? { ...design.button, enabled: false } : { ...design.button, enabled: true, label },
    };
  },
  async save(ctx, draft, actor) {
    const { channelId } = draft.extra;
    const config = await updateWelcomeConfig(ctx, draft.serverId, actor, configOf(draft.design, channelId));
    const rendered = toOutgoingMessage(await previewWelcome(ctx, draft.serverId, actor.userId, config));
    return {
      content: [
        `✅ Saved: welcome messages are **on** in <#${channelId}>.`,
        "Try it with `/welcome test`, fine-tune it in the dashboard, or run `/welcome setup` again with other instructions.",
      ].join("\n"),
      embeds: rendered.embeds ?? [],
      components: [],
    };
  },
};
