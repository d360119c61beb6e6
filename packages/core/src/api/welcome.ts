import { z } from "zod";
import { pingOnJoinLimits, welcomeLimits } from "../limits/features.ts";
import { snowflake } from "./common.ts";

export { pingOnJoinLimits, welcomeLimits };

/** The dashboard's colour presets (spec §5). */
export const welcomeColorPresets = [
  { name: "Discord Dark", color: "#2F3136" },
  { name: "Blurple", color: "#5865F2" },
  { name: "Green", color: "#57F287" },
  { name: "Yellow", color: "#FEE75C" },
  { name: "Fuchsia", color: "#EB459E" },
  { name: "Red", color: "#ED4245" },
  { name: "White", color: "#FFFFFF" },
  { name: "Black", color: "#000000" },
] as const;

/** Image fields take an http(s) URL, or one of these tags filled in when the message is sent. */
export const welcomeImageTags = ["{user.avatar}", "{server.icon}"] as const;

/**
 * A colour as `#RRGGBB`. Free text is accepted the way people type it — `#5865f2`, `5865F2`,
 * `#fff` — and stored as `#RRGGBB` in capitals.
 */
export const hexColor = z
  .string()
  .trim()
  .regex(/^#?(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, "must be a hex colour like #5865F2")
  .transform((value) => {
    const hex = value.replace("#", "").toUpperCase();
    const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join("") : hex;
    return `#${full}`;
  });

/** An image field: empty, an http(s) URL, or `{user.avatar}` / `{server.icon}` (any case, spaces trimmed). */
export const welcomeImage = z
  .string()
  .trim()
  .max(welcomeLimits.url, `must be at most ${welcomeLimits.url} characters`)
  .transform((value) => {
    const tag = welcomeImageTags.find(
      (known) => known.toLowerCase() === value.replaceAll(" ", "").toLowerCase(),
    );
    return tag ?? value;
  })
  .refine(
    (value) =>
      value === "" ||
      (welcomeImageTags as readonly string[]).includes(value) ||
      /^https?:\/\/[^\s]+$/i.test(value),
    "must be empty, an http(s) URL, {user.avatar} or {server.icon}",
  );

const customEmoji = /^<a?:\w{2,32}:\d{17,20}>$/;
const unicodeEmoji = /^(?:\p{Extended_Pictographic}|\p{Emoji_Component}|\u200d|\ufe0f|\u20e3)+$/u;
const pictograph = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20e3/u;
const isUnicodeEmoji = (value: string) =>
  value.length <= 16 && unicodeEmoji.test(value) && pictograph.test(value);

/** A button emoji: empty, a Unicode emoji (👋) or a custom one (`<:name:id>`). */
export const buttonEmoji = z
  .string()
  .trim()
  .max(64, "must be at most 64 characters")
  .refine(
    (value) => value === "" || customEmoji.test(value) || isUnicodeEmoji(value),
    "must be an emoji like 👋 or a custom emoji like <:wave:123456789012345678>",
  );

const text = (max: number) => z.string().max(max, `must be at most ${max} characters`);

const embedBody = z.object({
  title: text(welcomeLimits.title),
  description: text(welcomeLimits.description),
  color: hexColor,
  thumbnail: welcomeImage.default(""),
  footer: z
    .object({
      text: text(welcomeLimits.footerText).default(""),
      iconURL: welcomeImage.default(""),
    })
    .default({ text: "", iconURL: "" }),
  timestamp: z.boolean().default(true),
});

const buttonBody = z.object({
  enabled: z.boolean(),
  label: text(welcomeLimits.buttonLabel).default(""),
  emoji: buttonEmoji.default(""),
});

/**
 * The welcome config as the dashboard sends it (`PUT /api/welcome/config`, and inside
 * `POST /api/welcome/preview`). Text fields are templates (see the template language in
 * `template/template.ts`). Footer, thumbnail, timestamp, button label and emoji may be left out.
 * Unknown fields (such as the dashboard's `guildId`) are ignored.
 */
export const welcomeConfigBody = z
  .object({
    enabled: z.boolean(),
    channelId: snowflake.nullable(),
    mentionUser: z.boolean(),
    embed: embedBody,
    button: buttonBody,
  })
  .superRefine((config, issues) => {
    if (config.embed.title.trim() === "" && config.embed.description.trim() === "") {
      issues.addIssue({
        code: "custom",
        path: ["embed", "description"],
        message: "the embed needs a title or a description",
      });
    }
    if (config.button.enabled && config.button.label.trim() === "" && config.button.emoji === "") {
      issues.addIssue({
        code: "custom",
        path: ["button", "label"],
        message: "an enabled button needs a label or an emoji",
      });
    }
  });
export type WelcomeConfigBody = z.input<typeof welcomeConfigBody>;

/** `GET /api/welcome/config` and the answer of every welcome write: the stored config, every field present. */
export const welcomeConfig = z.object({
  enabled: z.boolean(),
  channelId: snowflake.nullable(),
  mentionUser: z.boolean(),
  embed: z.object({
    title: z.string(),
    description: z.string(),
    /** `#RRGGBB`. */
    color: z.string(),
    thumbnail: z.string(),
    footer: z.object({ text: z.string(), iconURL: z.string() }),
    timestamp: z.boolean(),
  }),
  button: z.object({ enabled: z.boolean(), label: z.string(), emoji: z.string() }),
});
export type WelcomeConfig = z.infer<typeof welcomeConfig>;

/** What a new server starts with (spec §3): off, no channel, the member mentioned, a friendly embed. */
export const defaultWelcomeConfig: WelcomeConfig = {
  enabled: false,
  channelId: null,
  mentionUser: true,
  embed: {
    title: "Welcome to {server.name}!",
    description:
      "Hey {user.mention}, you're our {server.memberCount.ordinal} member!{newline}Read the rules and grab your roles.",
    color: "#2F3136",
    thumbnail: "{user.avatar}",
    footer: { text: "", iconURL: "" },
    timestamp: true,
  },
  button: { enabled: true, label: "Wave to say hi!", emoji: "👋" },
};

/** `POST /api/welcome/toggle` and `POST /api/welcome/ping-on-join/toggle`. */
export const welcomeToggleBody = z.object({ enabled: z.boolean() });

/** `POST /api/welcome/preview`: renders the given (unsaved) config for the caller as a sample member. */
export const welcomePreviewBody = z.object({ config: welcomeConfigBody });

/**
 * A welcome message exactly as the bot sends it (`POST /api/welcome/preview`): `content` carries
 * the mention (embeds never ping), the embed's text is rendered and cut to Discord's limits, the
 * button's custom id is `welcome:wave:{memberId}`.
 */
export const welcomeMessage = z.object({
  /** `<@memberId>` when mentionUser is on, else null. */
  content: z.string().nullable(),
  embed: z.object({
    title: z.string(),
    description: z.string(),
    /** `#RRGGBB`. */
    color: z.string(),
    thumbnail: z.string().nullable(),
    footer: z.object({ text: z.string(), iconURL: z.string().nullable() }).nullable(),
    /** ms since the epoch, or null when the timestamp is off. */
    timestamp: z.number().int().nullable(),
  }),
  button: z
    .object({
      label: z.string(),
      emoji: z.string().nullable(),
      style: z.literal("secondary"),
      customId: z.string(),
    })
    .nullable(),
  /** Who the message may ping: the new member only (none when mentionUser is off). */
  allowedMentions: z.object({ users: z.array(snowflake) }),
});
export type WelcomeMessage = z.infer<typeof welcomeMessage>;

/** A tag the template language doesn't know, found in one field of the config. */
export const welcomeUnknownTag = z.object({
  /** The config field, e.g. `embed.description`. */
  field: z.string(),
  /** The tag as written, braces included. */
  tag: z.string(),
  /** The closest known tag, braces included, or null. */
  suggestion: z.string().nullable(),
});

/**
 * `POST /api/welcome/preview` answers the message plus the unknown tags (which are sent as written)
 * and `notes`: what had to change once the tags were filled in so that Discord accepts the message
 * (a rendered link past 2,048 characters or not http(s) left out, a text cut to its limit), one
 * sentence each, exactly as the bot will send it.
 */
export const welcomePreviewResponse = welcomeMessage.extend({
  unknownTags: z.array(welcomeUnknownTag),
  notes: z.array(z.string()),
});
export type WelcomePreview = z.infer<typeof welcomePreviewResponse>;

/**
 * `POST /api/welcome/test`: no body sends the saved config; `{config}` sends that (unsaved) config
 * instead, so the dashboard's Test button shows what is on screen. Either way it goes to the
 * config's channel, rendered for the dashboard user.
 */
export const welcomeTestBody = z.object({ config: welcomeConfigBody.optional() }).nullish();

/** `POST /api/welcome/test`. */
export const welcomeTestResponse = z.object({
  sent: z.literal(true),
  messageId: snowflake,
  channelId: snowflake,
});

/** `GET /api/welcome/channels`: channels a welcome can go to (text and announcement), in Discord's order. */
export const welcomeChannelsResponse = z.array(
  z.object({ id: snowflake, name: z.string(), type: z.number().int(), parentName: z.string().nullable() }),
);

/**
 * `GET /api/welcome/ping-on-join` and the answer of every ping-on-join write. When a member joins,
 * the bot mentions them in each channel (in list order) and deletes each ping a few seconds later.
 * `messages` holds the optional custom ping text of a channel (a template), keyed by channel id.
 */
export const pingOnJoinConfig = z.object({
  enabled: z.boolean(),
  channels: z.array(snowflake),
  messages: z.record(z.string(), z.string()),
});
export type PingOnJoinConfig = z.infer<typeof pingOnJoinConfig>;

const pingMessage = z
  .string()
  .trim()
  .max(pingOnJoinLimits.message, `must be at most ${pingOnJoinLimits.message} characters`);

/**
 * `PUT /api/welcome/ping-on-join`: the whole list, in order. `messages` is optional: left out,
 * channels that stay keep their custom message; given, it replaces them all (keys must be listed
 * channels; an empty text means the plain mention).
 */
export const pingOnJoinBody = z.object({
  enabled: z.boolean(),
  channels: z
    .array(snowflake)
    .max(pingOnJoinLimits.channels, `must list at most ${pingOnJoinLimits.channels} channels`),
  messages: z.record(z.string(), pingMessage).optional(),
});

/** `POST /api/welcome/ping-on-join/channels`: adds one channel at the end, optionally with its message. */
export const pingOnJoinAddBody = z.object({
  channelId: snowflake,
  message: pingMessage.optional(),
});

/** `DELETE /api/welcome/ping-on-join/channels/{channelId}`. */
export const pingOnJoinChannelParams = z.object({ channelId: snowflake });
