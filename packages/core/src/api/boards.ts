import { z } from "zod";
import { boardRules } from "../limits/features.ts";
import { serverIdParams, snowflake } from "./common.ts";

export { boardRules };

export const boardKinds = ["starboard", "skullboard", "custom"] as const;
export type BoardKind = (typeof boardKinds)[number];

/** One board as the dashboard lists it. */
export const boardItem = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The emoji as Discord shows it (`⭐`, `<:name:id>`). */
  emoji: z.string(),
  /** The board channel, where posts go. */
  channelId: snowflake,
  type: z.enum(boardKinds),
  minReactions: z.number().int(),
  allowSelf: z.boolean(),
  allowBots: z.boolean(),
  removeBelow: z.boolean(),
  enabled: z.boolean(),
  /** Why Hearth turned the board off (its channel went away), else null. */
  disabledReason: z.string().nullable(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type BoardItem = z.infer<typeof boardItem>;

/** A custom emoji of the server, which a board may use. */
export const serverEmoji = z.object({
  id: snowflake,
  name: z.string(),
  animated: z.boolean(),
  /** `<:name:id>` or `<a:name:id>`. */
  markup: z.string(),
});
export type ServerEmoji = z.infer<typeof serverEmoji>;

/** `GET /api/boards/{serverId}`. */
export const boardList = z.object({
  boards: z.array(boardItem),
  /** The server's custom emojis (empty when Discord could not list them). */
  emojis: z.array(serverEmoji),
  limits: z.object({
    nameMax: z.number().int(),
    minReactions: z.number().int(),
    maxReactions: z.number().int(),
    defaultReactions: z.number().int(),
    maxPerServer: z.number().int(),
  }),
});
export type BoardList = z.infer<typeof boardList>;

const boardName = z
  .string()
  .trim()
  .min(1, "must not be empty")
  .max(boardRules.nameMax, `must be at most ${boardRules.nameMax} characters`);
/** One unicode emoji or one of the server's custom emojis (`<:name:id>`). */
const boardEmoji = z.string().trim().min(1, "must be an emoji").max(100, "must be one emoji");
const threshold = z
  .number()
  .int("must be a whole number")
  .min(boardRules.minReactions, `must be at least ${boardRules.minReactions}`)
  .max(boardRules.maxReactions, `must be at most ${boardRules.maxReactions}`);

/** `POST /api/boards/{serverId}`: what `/boards create` takes. */
export const createBoardBody = z.object({
  name: boardName,
  /** Optional for a starboard (⭐) or skullboard (💀): the type gives it. */
  emoji: boardEmoji.nullish(),
  channelId: snowflake,
  /** 1 to 100; omitted means 3. */
  minReactions: threshold.nullish(),
  /** Omitted: from the emoji (⭐ starboard, 💀 skullboard, else custom). */
  type: z.enum(boardKinds).optional(),
  /** Whether the author's own reaction counts (default no). */
  allowSelf: z.boolean().nullish(),
  /** Whether bots' messages can reach the board (default no). */
  allowBots: z.boolean().nullish(),
  /** Whether a post is removed when its message falls below the threshold (default yes). */
  removeBelow: z.boolean().nullish(),
});
export type CreateBoardBody = z.infer<typeof createBoardBody>;

/** `PATCH /api/boards/{serverId}/{boardId}`: what `/boards edit` takes; at least one field. */
export const editBoardBody = createBoardBody
  .extend({
    name: boardName.nullish(),
    channelId: snowflake.nullish(),
    enabled: z.boolean().nullish(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined && value !== null), {
    message: "give at least one field to change",
  });
export type EditBoardBody = z.infer<typeof editBoardBody>;

export const boardParams = serverIdParams.extend({
  boardId: z.coerce.number().int("must be a board id").positive("must be a board id").max(2_147_483_647),
});

/** `POST /api/boards/{serverId}/preview`: a post of a sample message on a board with these settings. */
export const boardPreviewBody = z.object({
  name: boardName,
  emoji: boardEmoji.nullish(),
  type: z.enum(boardKinds).optional(),
  minReactions: threshold.nullish(),
  /** The channel the sample message is in (its jump link); the board's own channel when omitted. */
  channelId: snowflake.nullish(),
});
export type BoardPreviewBody = z.infer<typeof boardPreviewBody>;

/** `DELETE /api/boards/{serverId}/{boardId}`. */
export const boardDeleted = z.object({
  board: boardItem,
  /** The board's posts deleted from its channel. */
  posts: z.number().int(),
  /** Messages stored for the board and forgotten. */
  messages: z.number().int(),
});
