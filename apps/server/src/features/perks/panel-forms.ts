import type { Modal } from "../../discord/port/port.ts";
import { emojiText } from "./messages.ts";
import { type Overview, panelIds } from "./panel.ts";
import { perkLimits } from "./rules.ts";

/** The forms the `/perks` panel's buttons open, filled with the member's current perks. */

const emojiFieldLength = perkLimits.maxEmojis * 58;

// Discord's limit for a text input's label is 45 characters: "Other members (up to 100): mentions
// or ids" is 42 at the largest cap.
const membersField = (ids: string[], cap: number) => ({
  customId: "members",
  label: `Other members (up to ${cap}): mentions or ids`,
  style: "paragraph" as const,
  required: false,
  maxLength: 2000,
  value: ids.join("\n"),
  placeholder: "123456789012345678\n234567890123456789",
});

/** The form each panel button opens. */
export function panelForm(
  kind: "emojis" | "keywords" | "channel" | "role" | "responder",
  data: Overview,
  current: { roleName?: string } = {},
): Modal {
  const { member, keywords, limits } = data;
  switch (kind) {
    case "emojis":
      return {
        customId: `${panelIds.form}emojis`,
        title: "Auto-reactions",
        fields: [
          {
            customId: "emojis",
            label: `Emojis (up to ${limits.emojis}), separated by spaces`,
            style: "short",
            required: false,
            // Room for the most emojis a tier allows, each custom one up to `<a:32 chars:20 digits>`
            // (57): Discord refuses a pre-filled value longer than max_length.
            maxLength: emojiFieldLength,
            value: (member?.emojis ?? []).map(emojiText).join(" "),
            placeholder: "🔥 ⭐ <:hollow:123456789012345678>",
          },
        ],
      };
    case "keywords":
      return {
        customId: `${panelIds.form}keywords`,
        title: "Highlight keywords",
        fields: [
          {
            customId: "keywords",
            label: `One per line (1–${perkLimits.keywordMax} chars, up to ${perkLimits.keywords})`,
            style: "paragraph",
            required: false,
            maxLength: 1000,
            value: keywords.join("\n"),
          },
        ],
      };
    case "channel":
      return {
        customId: `${panelIds.form}channel`,
        title: "Private channel",
        fields: member?.channelId
          ? [membersField(member.channelMembers, limits.channelMembers)]
          : [
              { customId: "name", label: "Channel name", style: "short", required: true, maxLength: 100 },
              membersField([], limits.channelMembers),
            ],
      };
    case "role":
      return {
        customId: `${panelIds.form}role`,
        title: "Private role",
        fields: [
          {
            customId: "name",
            label: "Role name",
            style: "short",
            required: true,
            maxLength: perkLimits.roleName,
            ...(current.roleName ? { value: current.roleName } : {}),
          },
          {
            customId: "colour",
            label: "Colour (#RRGGBB)",
            style: "short",
            required: false,
            maxLength: 7,
            placeholder: "#F97316",
          },
          membersField(member?.roleMembers ?? [], limits.roleMembers),
        ],
      };
    case "responder":
      return {
        customId: `${panelIds.form}responder`,
        title: "New auto-responder",
        fields: [
          {
            customId: "trigger",
            label: "Trigger word or phrase (whole word)",
            style: "short",
            required: true,
            maxLength: perkLimits.responderTrigger,
          },
          {
            customId: "text",
            label: "Text response (or fill the embed below)",
            style: "paragraph",
            required: false,
            maxLength: perkLimits.responderText,
          },
          { customId: "title", label: "Embed title", style: "short", required: false, maxLength: 256 },
          {
            customId: "description",
            label: "Embed description",
            style: "paragraph",
            required: false,
            maxLength: 4000,
          },
          {
            customId: "colour",
            label: "Embed colour (#RRGGBB)",
            style: "short",
            required: false,
            maxLength: 7,
          },
        ],
      };
  }
}
