import { z } from "zod";
import { voteLimits } from "../limits/features.ts";
import { snowflake } from "./common.ts";

export { voteLimits };

/** The message posted for each vote unless the server designed its own. */
export const defaultVoteMessage =
  "🗳️ {USER_MENTION} voted for **{SERVER_NAME}** on {PLATFORM}! They have {TOTAL_VOTES} votes ({MONTHLY_VOTES} this month).";

/** The tags a vote notification may use (spec §3). */
export const voteMessageTags = [
  "USER_NAME",
  "USER_MENTION",
  "TOTAL_VOTES",
  "MONTHLY_VOTES",
  "SERVER_NAME",
  "PLATFORM",
  "VOTE_TIMESTAMP",
] as const;
export type VoteMessageTag = (typeof voteMessageTags)[number];

/** Renders `{TAG}` placeholders; unknown tags stay as typed so a typo is visible, never an error. */
export function renderVoteMessage(template: string, values: Record<VoteMessageTag, string>): string {
  return template.replace(/\{([A-Z_]+)\}/g, (whole, tag: string) =>
    (voteMessageTags as readonly string[]).includes(tag) ? values[tag as VoteMessageTag] : whole,
  );
}

/** `POST /api/votes/:webhookId`: the server's unguessable webhook path secret. */
export const voteWebhookParams = z.object({ webhookId: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) });

const weight = z.number().int().min(1).max(voteLimits.weightMax);
const platform = z
  .string()
  .trim()
  .min(1)
  .max(voteLimits.platformMax)
  .regex(/^[\w .-]+$/, "letters, digits, spaces, dots and dashes only");
const voteId = z.union([z.string().min(1).max(voteLimits.voteIdMax), z.number().int()]).transform(String);

/** A signing secret pasted from a listing site (top.gg's look like `whs_…`). */
export const voteSigningSecret = z
  .string()
  .trim()
  .min(8, "must be at least 8 characters")
  .max(200, "must be at most 200 characters")
  .regex(/^[\x21-\x7e]+$/, "must be one word of printable characters, as the site shows it");

/** The vote-listing site's legacy webhook: shared secret in `Authorization`, no vote id. */
export const legacyVoteBody = z.object({
  bot: snowflake.optional(),
  guild: snowflake.optional(),
  user: snowflake,
  type: z.enum(["upvote", "test"]),
  isWeekend: z.boolean().optional(),
  query: z.string().max(2000).optional(),
});

/**
 * The signed webhook (`x-topgg-signature`): flat, or wrapped as `{ type, data }`. A vote has an id;
 * the site's `webhook.test` event has none. `project` names the listed server (or bot).
 */
const signedVote = z.object({
  id: voteId.optional(),
  weight: weight.optional(),
  user: z.union([snowflake, z.object({ id: snowflake.optional(), platform_id: snowflake.optional() })]),
  project: z.object({ type: z.string().max(32).optional(), platform_id: snowflake.optional() }).optional(),
});
export const signedVoteBody = z.union([
  signedVote.extend({ type: z.string().max(64).optional() }),
  z.object({ type: z.string().max(64), data: signedVote }),
]);

/** Any other listing site: `{ userId, platform, voteId?, weight? }` with the shared secret. */
export const genericVoteBody = z.object({
  userId: snowflake,
  platform,
  voteId: voteId.optional(),
  weight: weight.optional(),
});

/** A member's vote stats, as the bot shows them. */
export const voteStats = z.object({
  userId: snowflake,
  totalVotes: z.number().int(),
  monthlyVotes: z.number().int(),
  currentStreak: z.number().int(),
  longestStreak: z.number().int(),
  lastVoteAt: z.number().int().nullable(),
  /** 1-based all-time rank, null without votes. */
  rank: z.number().int().nullable(),
});
export type VoteStats = z.infer<typeof voteStats>;
