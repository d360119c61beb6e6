import type { Embed, Modal, OutgoingMessage } from "../../discord/port/port.ts";
import { instructionsMax } from "../message-designer/service.ts";
import type { VoteSetup, VoteSetupInput } from "./service.ts";

export const color = 0xf97316;

/** Custom ids of the setup buttons and forms. Setup options ride in the id: `c:r:h:l`, `-` = not given. */
export const setupIds = {
  quick: "votes:setup:quick:",
  custom: "votes:setup:custom:",
  form: "votes:setup:form:",
  testVote: "votes:testvote",
  rotateAsk: "votes:rotate:ask",
  rotateYes: "votes:rotate:yes",
  rotateNo: "votes:rotate:no",
  signingAsk: "votes:signing:ask",
  signingForm: "votes:signing:form",
} as const;

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** Setup options as they travel in a custom id (at most 66 characters). */
export function encodeSetup(input: VoteSetupInput): string {
  const part = (value: string | number | boolean | null | undefined) =>
    value === undefined || value === null
      ? "-"
      : typeof value === "boolean"
        ? value
          ? "1"
          : "0"
        : String(value);
  return [input.channelId, input.rewardRoleId, input.rewardHours, input.leaderboards].map(part).join(":");
}

/** The options back from a custom id; anything malformed is left out (the saved value is kept). */
export function decodeSetup(encoded: string): VoteSetupInput {
  const [channel, role, hours, leaderboards] = encoded.split(":");
  const id = (value: string | undefined) => (value && /^\d{15,21}$/.test(value) ? value : undefined);
  const input: VoteSetupInput = {};
  const channelId = id(channel);
  const rewardRoleId = id(role);
  if (channelId) input.channelId = channelId;
  if (rewardRoleId) input.rewardRoleId = rewardRoleId;
  if (hours && /^\d{1,3}$/.test(hours)) input.rewardHours = Number(hours);
  if (leaderboards === "1" || leaderboards === "0") input.leaderboards = leaderboards === "1";
  return input;
}

/** The choice of the setup wizard (spec §4): Quick Setup, or Custom Setup with the AI designer. */
export function setupChoiceMessage(input: VoteSetupInput): OutgoingMessage {
  const encoded = encodeSetup(input);
  const chosen = [
    input.channelId ? `notifications in <#${input.channelId}>` : null,
    input.rewardRoleId
      ? `reward <@&${input.rewardRoleId}>${input.rewardHours !== undefined ? ` for ${input.rewardHours === 0 ? "ever" : plural(input.rewardHours, "hour")}` : ""}`
      : input.rewardHours !== undefined
        ? `reward lasting ${input.rewardHours === 0 ? "for ever" : plural(input.rewardHours, "hour")}`
        : null,
    input.leaderboards !== undefined ? `leaderboards ${input.leaderboards ? "on" : "off"}` : null,
  ].filter(Boolean);
  const embed: Embed = {
    title: "🗳️ Set up vote tracking",
    color,
    description: [
      "**⚡ Quick Setup** saves at once with the default notification message and shows your webhook URL.",
      "**✨ Custom Setup with AI** asks how the notification should look; the AI message designer writes it with your server's name and emojis, and you preview it before saving.",
      chosen.length > 0
        ? `Your options: ${chosen.join(", ")}.`
        : "No options given: anything already set is kept; a new setup starts with no channel, no reward role, leaderboards on.",
    ].join("\n\n"),
  };
  return {
    embeds: [embed],
    components: [
      [
        {
          type: "button",
          style: "primary",
          label: "Quick Setup",
          emoji: "⚡",
          customId: `${setupIds.quick}${encoded}`,
        },
        {
          type: "button",
          style: "success",
          label: "Custom Setup with AI",
          emoji: "✨",
          customId: `${setupIds.custom}${encoded}`,
        },
      ],
    ],
  };
}

/** The saved setup: channel, reward, leaderboards, message, the webhook URL and secret, next steps. */
export function setupMessage(setup: VoteSetup, headline?: string): OutgoingMessage {
  const { settings } = setup;
  const reward = settings.reward_role_id
    ? `<@&${settings.reward_role_id}> for ${settings.reward_hours === 0 ? "ever" : plural(settings.reward_hours, "hour")}`
    : "none";
  const embed: Embed = {
    title: setup.created ? "🗳️ Vote tracking is set up" : "🗳️ Vote tracking updated",
    color,
    description: [
      ...(headline ? [headline, ""] : []),
      "**Next steps**",
      "1. Paste the **webhook URL** into your listing site's webhook settings (top.gg: your server's Webhooks page).",
      "2. Legacy webhooks: paste the **secret** as the site's Authorization. top.gg's signed webhooks (`x-topgg-signature`) make their own secret (`whs_…`): copy it and press **Signing secret** to give it to Hearth. Other sites send `{ userId, platform }` JSON with the secret as Authorization.",
      "3. Press **Send test vote** here, or the site's Test button, to see the notification.",
      "Keep the URL and secret private: anyone with them can add votes. **Rotate secret** makes new ones if they leak. Want your own notification? **Design message with AI** opens the AI message designer.",
    ].join("\n"),
    fields: [
      {
        name: "Notifications",
        value: settings.channel_id ? `<#${settings.channel_id}>` : "off",
        inline: true,
      },
      { name: "Reward role", value: reward, inline: true },
      { name: "Leaderboards", value: settings.leaderboards_enabled === 1 ? "on" : "off", inline: true },
      {
        name: "Notification message",
        value: settings.design ? "your AI-designed message" : "the default message",
        inline: true,
      },
      { name: "Webhook URL", value: `\`${setup.webhookUrl}\`` },
      { name: "Authorization secret", value: `||\`${settings.secret}\`||` },
      {
        name: "Signing secret (x-topgg-signature)",
        value: settings.signing_secret ? "the listing site's, saved" : "none saved: the secret above",
      },
    ],
  };
  return {
    content: "",
    embeds: [embed],
    components: [
      [
        {
          type: "button",
          style: "primary",
          label: "Send test vote",
          emoji: "🧪",
          customId: setupIds.testVote,
        },
        {
          type: "button",
          style: "success",
          label: "Design message with AI",
          emoji: "✨",
          customId: `${setupIds.custom}${encodeSetup({})}`,
        },
        {
          type: "button",
          style: "secondary",
          label: "Signing secret",
          emoji: "🔏",
          customId: setupIds.signingAsk,
        },
        {
          type: "button",
          style: "danger",
          label: "Rotate secret",
          emoji: "🔑",
          customId: setupIds.rotateAsk,
        },
      ],
    ],
    allowedMentions: { users: [], roles: [] },
  };
}

/** The form of Custom Setup with AI: what the notification should look like, in plain words. */
export const instructionsForm = (encoded: string): Modal => ({
  customId: `${setupIds.form}${encoded}`,
  title: "Custom Setup with AI",
  fields: [
    {
      customId: "instructions",
      label: "Describe the vote notification",
      style: "paragraph",
      required: false,
      maxLength: instructionsMax,
      placeholder: "Hype and pink, thank them, mention the reward role and the leaderboard, use our emojis",
    },
  ],
});

/** The form for the listing site's signing secret; left empty, it forgets the saved one. */
export const signingForm: Modal = {
  customId: setupIds.signingForm,
  title: "Listing site's signing secret",
  fields: [
    {
      customId: "secret",
      label: "Webhook secret from top.gg (whs_…)",
      style: "short",
      required: false,
      maxLength: 200,
      placeholder: "Leave empty to forget the saved one",
    },
  ],
};

/** Asks before making a new webhook URL and secret (the old ones stop working at once). */
export function rotateQuestion(): OutgoingMessage {
  return {
    content:
      "🔑 Make a new webhook URL and secret? The current URL stops working at once (votes sent to it are refused), so paste the new URL and secret into every listing site afterwards.",
    embeds: [],
    components: [
      [
        { type: "button", style: "danger", label: "Rotate", customId: setupIds.rotateYes },
        { type: "button", style: "secondary", label: "Cancel", customId: setupIds.rotateNo },
      ],
    ],
  };
}
