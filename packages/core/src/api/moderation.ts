import { z } from "zod";
import { botMessagePreview } from "./bot-message.ts";
import { serverIdParams, snowflake } from "./common.ts";

/** What a moderation case records, as `/mod audit action:` offers them. */
export const moderationCaseActions = ["ban", "kick", "timeout", "unban", "warn"] as const;
export type ModerationCaseAction = (typeof moderationCaseActions)[number];

/** The actions the dashboard (and `/mod`) take on a member; unban has its own route. */
export const moderationActions = ["ban", "kick", "timeout", "warn"] as const;
export type ModerationAction = (typeof moderationActions)[number];

/** Limits of `/mod`, the same on the dashboard. */
export const moderationLimits = {
  reasonMax: 512,
  /** `delete_days` of a ban. */
  deleteDaysMax: 7,
  /** The case list's largest page. */
  pageMax: 50,
} as const;

/** One numbered case of a server's moderation log. */
export const moderationCase = z.object({
  /** The server's case number (`Case #12`). */
  caseNumber: z.number().int().positive(),
  action: z.enum(moderationCaseActions),
  targetId: snowflake,
  /** Their name when the case was made. */
  targetName: z.string().nullable(),
  /** Null for Hearth's own (a temporary ban's end). */
  moderatorId: snowflake.nullable(),
  moderatorName: z.string().nullable(),
  reason: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  /** When a temporary ban or a timeout ends, ms. */
  expiresAt: z.number().int().nullable(),
  /** When a temporary ban was lifted (at its end or early). */
  endedAt: z.number().int().nullable(),
  createdAt: z.number().int(),
});
export type ModerationCaseView = z.infer<typeof moderationCase>;

/** `GET /api/moderation/:serverId/cases`: filters like `/mod audit`'s, newest first. */
export const moderationCasesQuery = z.object({
  userId: snowflake.optional(),
  action: z.enum(moderationCaseActions).optional(),
  /** Only temporary bans still running. */
  open: z.enum(["true", "false"]).optional(),
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(moderationLimits.pageMax).default(20),
});

export const moderationCaseList = z.object({
  cases: z.array(moderationCase),
  total: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
});
export type ModerationCaseList = z.infer<typeof moderationCaseList>;

export const moderationCaseParams = serverIdParams.extend({
  caseNumber: z.coerce
    .number()
    .int("must be a case number")
    .positive("must be a case number")
    .max(2_147_483_647),
});

/** `GET /api/moderation/:serverId/cases/:caseNumber`: the case and the member's other cases. */
export const moderationCaseDetail = z.object({
  case: moderationCase,
  /** The same member's latest cases (this one included), newest first. */
  history: z.array(moderationCase),
  /** Their cases in all. */
  historyTotal: z.number().int(),
});
export type ModerationCaseDetail = z.infer<typeof moderationCaseDetail>;

/** `POST /api/moderation/:serverId/actions`: what `/mod ban|kick|timeout|warn` take. */
export const moderationActionBody = z.object({
  action: z.enum(moderationActions),
  userId: snowflake,
  reason: z.string().max(moderationLimits.reasonMax).nullable().optional(),
  /** `10m`, `12h`, `7d`, `1w`: needed by a timeout, makes a ban temporary. */
  duration: z.string().max(32).nullable().optional(),
  /** A ban only: delete their messages of the last N days. */
  deleteDays: z.number().int().min(0).max(moderationLimits.deleteDaysMax).nullable().optional(),
});
export type ModerationActionBody = z.infer<typeof moderationActionBody>;

/**
 * `POST /api/moderation/:serverId/dm-preview`: the action, reason and duration as the action form
 * has them (no member: the DM reads the same for everyone).
 */
export const moderationDmPreviewBody = moderationActionBody.pick({
  action: true,
  reason: true,
  duration: true,
});
export type ModerationDmPreviewBody = z.infer<typeof moderationDmPreviewBody>;

/**
 * The DM the member gets, built by the function the action sends it with (nothing is sent); null
 * for a timeout, which sends none. A ban DMs only a member of the server; closed DMs skip it.
 */
export const moderationDmPreview = z.object({ message: botMessagePreview.nullable() });
export type ModerationDmPreview = z.infer<typeof moderationDmPreview>;

export const moderationActionResult = z.object({
  case: moderationCase,
  /** Whether the member got the DM about it. */
  notified: z.boolean(),
});
export type ModerationActionResult = z.infer<typeof moderationActionResult>;

/** `POST /api/moderation/:serverId/unban`: what `/mod unban` takes (a temporary ban ends early). */
export const moderationUnbanBody = z.object({
  userId: snowflake,
  reason: z.string().max(moderationLimits.reasonMax).nullable().optional(),
});
