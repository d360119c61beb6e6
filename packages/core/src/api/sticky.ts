import { z } from "zod";
import { stickyLimits } from "../limits/features.ts";
import { serverIdParams, snowflake } from "./common.ts";

export { stickyLimits };

const stickyText = z
  .string()
  .trim()
  .min(1, "must not be empty")
  .max(stickyLimits.maxLength, `must be at most ${stickyLimits.maxLength} characters`);

/** One channel's sticky message as the dashboard lists it. */
export const stickyItem = z.object({
  channelId: snowflake,
  message: z.string(),
  /** Members' messages before it is reposted at the bottom. */
  triggerCount: z.number().int(),
  /** Messages counted since its last repost. */
  messageCount: z.number().int(),
  /** The copy now in the channel (null until posted). */
  lastMessageId: z.string().nullable(),
  enabled: z.boolean(),
  createdBy: z.string().nullable(),
  updatedAt: z.number().int(),
});
export type StickyItem = z.infer<typeof stickyItem>;

/** `GET /api/sticky/{serverId}`: the server's stickies, oldest first, with the limits. */
export const stickyList = z.object({
  stickies: z.array(stickyItem),
  limits: z.object({
    maxLength: z.number().int(),
    minTrigger: z.number().int(),
    maxTrigger: z.number().int(),
    defaultTrigger: z.number().int(),
    maxPerServer: z.number().int(),
  }),
});
export type StickyList = z.infer<typeof stickyList>;

/** `PUT /api/sticky/{serverId}/{channelId}` and `DELETE` the same. */
export const stickyParams = serverIdParams.extend({ channelId: snowflake });

/** `PUT /api/sticky/{serverId}/{channelId}`: sets (or replaces) the channel's sticky and posts it. */
export const stickyBody = z.object({
  /** Trimmed, 1 to 2000 characters (Discord markup: `<#id>`, `<@id>`). */
  message: stickyText,
  /** 1 to 100; omitted or null means 10. */
  triggerCount: z
    .number()
    .int("must be a whole number")
    .min(stickyLimits.minTrigger, `must be at least ${stickyLimits.minTrigger}`)
    .max(stickyLimits.maxTrigger, `must be at most ${stickyLimits.maxTrigger}`)
    .nullish(),
});
export type StickyBody = z.infer<typeof stickyBody>;

/** `PUT /api/sticky/{serverId}/{channelId}`'s answer. */
export const stickySaved = z.object({ sticky: stickyItem, replaced: z.boolean() });

/** `POST /api/sticky/{serverId}/preview`. */
export const stickyPreviewBody = z.object({ message: stickyText });
