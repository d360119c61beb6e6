import { z } from "zod";
import { snowflake } from "./common.ts";

// The playground's calls (`/api/sandbox/…`, sandbox mode only): the demo server as the sandbox keeps
// it, and what a member can do there. Message shapes mirror the Discord port's (what the bot sends),
// so the web's one message renderer reads exactly what the sandbox recorded.

export const sandboxEmbedSchema = z.object({
  title: z.string().optional(),
  description: z.string().optional(),
  url: z.string().optional(),
  color: z.number().optional(),
  timestamp: z.string().optional(),
  footer: z.object({ text: z.string(), iconUrl: z.string().optional() }).optional(),
  thumbnail: z.object({ url: z.string() }).optional(),
  image: z.object({ url: z.string() }).optional(),
  author: z
    .object({ name: z.string(), iconUrl: z.string().optional(), url: z.string().optional() })
    .optional(),
  fields: z
    .array(z.object({ name: z.string(), value: z.string(), inline: z.boolean().optional() }))
    .optional(),
});
export type SandboxEmbed = z.infer<typeof sandboxEmbedSchema>;

export const sandboxButtonSchema = z.object({
  type: z.literal("button"),
  style: z.enum(["primary", "secondary", "success", "danger", "link"]),
  label: z.string().optional(),
  emoji: z.string().optional(),
  customId: z.string().optional(),
  url: z.string().optional(),
  disabled: z.boolean().optional(),
});
export type SandboxButton = z.infer<typeof sandboxButtonSchema>;

export const sandboxSelectSchema = z.object({
  type: z.literal("select"),
  customId: z.string(),
  placeholder: z.string().optional(),
  minValues: z.number().optional(),
  maxValues: z.number().optional(),
  disabled: z.boolean().optional(),
  options: z.array(
    z.object({
      label: z.string(),
      value: z.string(),
      description: z.string().optional(),
      emoji: z.string().optional(),
      default: z.boolean().optional(),
    }),
  ),
});
export type SandboxSelect = z.infer<typeof sandboxSelectSchema>;

export const sandboxComponentSchema = z.discriminatedUnion("type", [
  sandboxButtonSchema,
  sandboxSelectSchema,
]);
export type SandboxComponent = z.infer<typeof sandboxComponentSchema>;

export const sandboxModalSchema = z.object({
  customId: z.string(),
  title: z.string(),
  fields: z.array(
    z.object({
      customId: z.string(),
      label: z.string(),
      style: z.enum(["short", "paragraph"]),
      required: z.boolean().optional(),
      minLength: z.number().optional(),
      maxLength: z.number().optional(),
      placeholder: z.string().optional(),
      value: z.string().optional(),
    }),
  ),
});
export type SandboxModal = z.infer<typeof sandboxModalSchema>;

export const sandboxEmojiSchema = z.object({
  id: z.string().nullable(),
  name: z.string(),
  animated: z.boolean().optional(),
});
export type SandboxEmoji = z.infer<typeof sandboxEmojiSchema>;

/** A file of a message: a member's upload (`url`) or a file the bot sent (`text`, e.g. the market CSV). */
export const sandboxFileSchema = z.object({
  name: z.string(),
  contentType: z.string().nullable(),
  size: z.number(),
  url: z.string().nullable(),
  text: z.string().nullable(),
});
export type SandboxFile = z.infer<typeof sandboxFileSchema>;

/** One message as a member sees it. `ephemeral`: an answer only its member sees ("Only you can see this"). */
export const sandboxMessageSchema = z.object({
  id: z.string(),
  channelId: z.string(),
  authorId: z.string(),
  content: z.string(),
  embeds: z.array(sandboxEmbedSchema),
  components: z.array(z.array(sandboxComponentSchema)),
  files: z.array(sandboxFileSchema),
  reactions: z.array(z.object({ emoji: sandboxEmojiSchema, count: z.number(), me: z.boolean() })),
  createdAt: z.number(),
  editedAt: z.number().nullable(),
  ephemeral: z.boolean(),
  /** The slash command this message answered, when the playground knows it. */
  command: z.object({ name: z.string(), userId: z.string() }).nullable(),
  replyTo: z.string().nullable(),
});
export type SandboxMessage = z.infer<typeof sandboxMessageSchema>;

export const sandboxUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string(),
  bot: z.boolean(),
});
export type SandboxUser = z.infer<typeof sandboxUserSchema>;

export const sandboxMessagesResponse = z.object({
  messages: z.array(sandboxMessageSchema),
  /** Authors and mentioned users not in the member list (departed members, DM partners). */
  users: z.array(sandboxUserSchema),
  hasMore: z.boolean(),
});
export type SandboxMessagesResponse = z.infer<typeof sandboxMessagesResponse>;

export const presenceStatuses = ["online", "idle", "dnd", "offline"] as const;
export type PresenceStatus = (typeof presenceStatuses)[number];

export const sandboxIdentityKeys = ["owner", "admin", "manager", "member", "newcomer"] as const;
export type SandboxIdentityKey = (typeof sandboxIdentityKeys)[number];

export const sandboxServerResponse = z.object({
  guild: z.object({
    id: z.string(),
    name: z.string(),
    icon: z.string().nullable(),
    boostCount: z.number(),
    boostLevel: z.number(),
  }),
  botUserId: z.string(),
  channels: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      type: z.number(),
      parentId: z.string().nullable(),
      position: z.number(),
      topic: z.string().nullable(),
      nsfw: z.boolean(),
      /** For the member asked about (`as`): whether they see the channel and may post in it. */
      canView: z.boolean(),
      canSend: z.boolean(),
    }),
  ),
  roles: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      color: z.number(),
      position: z.number(),
      hoist: z.boolean(),
    }),
  ),
  members: z.array(
    sandboxUserSchema.extend({
      nick: z.string().nullable(),
      roleIds: z.array(z.string()),
      joinedAt: z.number(),
      status: z.enum(presenceStatuses),
      customStatus: z.string().nullable(),
      dmOpen: z.boolean(),
    }),
  ),
  /** Who the visitor can be: the member each kind stands for, by key. */
  identities: z.array(
    z.object({ key: z.enum(sandboxIdentityKeys), label: z.string(), userId: z.string().nullable() }),
  ),
  emojis: z.array(z.object({ id: z.string(), name: z.string(), animated: z.boolean() })),
});
export type SandboxServerResponse = z.infer<typeof sandboxServerResponse>;

export const sandboxCommandsResponse = z.object({
  commands: z.array(
    z.object({
      name: z.string(),
      /** Null: this member may run it; otherwise what they lack, as the bot would say it. */
      refusal: z.string().nullable(),
    }),
  ),
});
export type SandboxCommandsResponse = z.infer<typeof sandboxCommandsResponse>;

/** The answers the bot gave to one interaction, as its member saw them. */
export const sandboxAnswersResponse = z.object({
  answers: z.array(
    z.object({
      kind: z.enum(["message", "modal", "update", "deferred"]),
      ephemeral: z.boolean(),
      message: sandboxMessageSchema.nullable(),
      modal: sandboxModalSchema.nullable(),
    }),
  ),
});
export type SandboxAnswersResponse = z.infer<typeof sandboxAnswersResponse>;

const text = (max: number) => z.string().trim().min(1).max(max);
const channelRef = z.string().regex(/^(\d{17,20}|dm-\d{17,20})$/, "must be a channel id");

export const sandboxMessageBody = z.object({ channelId: snowflake, userId: snowflake, content: text(2000) });
export const optionValue = z.union([z.string().max(6000), z.number(), z.boolean()]);
export const sandboxCommandBody = z.object({
  channelId: snowflake,
  userId: snowflake,
  /** The command path, e.g. `giveaway start`. */
  name: text(100),
  options: z.record(z.string().max(32), optionValue).default({}),
});
export const sandboxButtonBody = z.object({
  userId: snowflake,
  messageId: snowflake,
  customId: text(100),
});
export const sandboxSelectBody = sandboxButtonBody.extend({ values: z.array(z.string().max(100)).max(25) });
export const sandboxModalBody = z.object({
  userId: snowflake,
  channelId: snowflake,
  customId: text(100),
  messageId: snowflake.nullish(),
  fields: z.record(z.string().max(100), z.string().max(4000)),
});
export const sandboxReactionBody = z.object({
  channelId: snowflake,
  messageId: snowflake,
  userId: snowflake,
  /** A unicode emoji or a custom one as `<:name:id>`. */
  emoji: text(100),
  remove: z.boolean().default(false),
});
export const sandboxEventBody = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("join"),
    username: z
      .string()
      .trim()
      .regex(/^[a-z0-9_.]{2,32}$/, "must be 2 to 32 lower-case letters, digits, _ or ."),
  }),
  z.object({ kind: z.literal("leave"), userId: snowflake }),
  z.object({
    kind: z.literal("presence"),
    userId: snowflake,
    status: z.enum(presenceStatuses),
    customStatus: z.string().trim().max(128).nullable().default(null),
  }),
  z.object({ kind: z.literal("tag"), userId: snowflake, tag: z.string().trim().min(1).max(4).nullable() }),
  z.object({ kind: z.literal("boost"), userId: snowflake }),
  z.object({ kind: z.literal("vote"), userId: snowflake }),
]);
export type SandboxEventBody = z.infer<typeof sandboxEventBody>;
export const sandboxEventResponse = z.object({ message: z.string(), userId: z.string().nullable() });

export const sandboxJobsResponse = z.object({
  jobs: z.array(z.object({ id: z.number(), kind: z.string(), runAt: z.number() })),
});
export const sandboxFastForwardBody = z.object({ jobId: z.number().int().positive().nullish() });
export const sandboxFastForwardResponse = z.object({ ran: z.number() });
export const sandboxResetResponse = z.object({ message: z.string() });

export const sandboxChannelParams = z.object({ channelId: channelRef });
export const sandboxMessagesQuery = z.object({
  as: snowflake.optional(),
  before: snowflake.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const sandboxAsQuery = z.object({ as: snowflake });
export const sandboxServerQuery = z.object({ as: snowflake.optional() });
/** The reset asks for its word, so nothing empties the demo server by accident. */
export const sandboxResetBody = z.object({ confirm: z.literal("reset") });
