import { embedLimits } from "@hearth/core";
import { displayName } from "../../discord/people/display-name.ts";
import type { InteractionMember } from "../../discord/port/interaction.ts";
import { badRequest, forbidden } from "../../lib/errors.ts";
import type { DesignFlow } from "../message-designer/service.ts";
import {
  normaliseColour,
  renderVoteDesign,
  sampleVoteValues,
  type VoteDesign,
  voteDesignLimits,
  votePurpose,
} from "../message-designer/service.ts";
import { configureVotes, type VoteSetupInput } from "./service.ts";
import { setupMessage } from "./setup-message.ts";

/** Administrator or Manage Server, as the catalogue asks for the vote tracker's admin commands. */
const adminBits = (1n << 3n) | (1n << 5n);

export function requireVoteAdmin(member: InteractionMember | null): void {
  if ((BigInt(member?.permissions ?? "0") & adminBits) === 0n) {
    throw forbidden("You need Administrator or Manage Server to set up vote tracking.");
  }
}

/** The vote notification in the designer: preview with sample values, Save runs the setup. */
export const voteDesignFlow: DesignFlow<VoteDesign, VoteSetupInput> = {
  purpose: votePurpose,
  requirePermission: requireVoteAdmin,
  async render(ctx, draft, user) {
    const [guild, member] = await Promise.all([
      ctx.discord.getGuild(draft.serverId),
      ctx.discord.getMember(draft.serverId, user.id),
    ]);
    const values = sampleVoteValues({
      userId: user.id,
      userName: displayName(user, member?.nick),
      serverName: guild?.name ?? "this server",
      at: Date.now(),
    });
    return renderVoteDesign(draft.design, values);
  },
  notes(draft) {
    const where = draft.extra.channelId ? ` in <#${draft.extra.channelId}>` : "";
    return [
      `This is how each vote notification will look${where}, with you as the voter and sample numbers (42 votes, 7 this month, on top.gg).`,
      "Tags: {USER_NAME} {USER_MENTION} {TOTAL_VOTES} {MONTHLY_VOTES} {SERVER_NAME} {PLATFORM} {VOTE_TIMESTAMP}.",
    ];
  },
  editFields(design) {
    return [
      {
        customId: "content",
        label: "Content line (above the embed)",
        style: "paragraph",
        required: false,
        maxLength: voteDesignLimits.content,
        value: design.content,
      },
      {
        customId: "title",
        label: "Title",
        style: "short",
        required: false,
        maxLength: voteDesignLimits.title,
        value: design.title,
      },
      {
        customId: "description",
        label: "Description",
        style: "paragraph",
        required: false,
        // A form field holds at most 4,000 characters (Discord's limit for text inputs).
        maxLength: 4000,
        value: design.description,
      },
      {
        customId: "color",
        label: "Colour (#RRGGBB)",
        style: "short",
        minLength: 3,
        maxLength: 7,
        value: design.color,
      },
      {
        customId: "footer",
        label: "Footer",
        style: "paragraph",
        required: false,
        maxLength: embedLimits.footerText,
        value: design.footer,
      },
    ];
  },
  applyEdit(design, fields) {
    const colourText = fields.color ?? design.color;
    const color = normaliseColour(colourText);
    if (color === null) {
      throw badRequest(`color: "${colourText.slice(0, 20)}" isn't a #RRGGBB colour (like #F97316).`, "color");
    }
    return {
      content: (fields.content ?? design.content).trim(),
      title: (fields.title ?? design.title).trim(),
      description: (fields.description ?? design.description).trim(),
      color,
      footer: (fields.footer ?? design.footer).trim(),
    };
  },
  async save(ctx, draft, actor) {
    const setup = await configureVotes(ctx, draft.serverId, actor, { ...draft.extra, design: draft.design });
    return setupMessage(setup, "✅ Saved: vote notifications now use this design.");
  },
};
