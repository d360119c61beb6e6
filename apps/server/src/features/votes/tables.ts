import type { Generated } from "kysely";

/** This feature's tables, added to the Database type (db/schema.ts) by declaration merging. */
export interface VotesTables {
  vote_settings: {
    server_id: string;
    webhook_id: string;
    secret: string;
    /** The listing site's own signing secret (top.gg's `whs_…`) for `x-topgg-signature`; null: `secret`. */
    signing_secret: string | null;
    channel_id: string | null;
    reward_role_id: string | null;
    reward_hours: number;
    leaderboards_enabled: number;
    message: string | null;
    /** JSON VoteDesign (content line + embed) saved from the AI message designer; null: `message`. */
    design: string | null;
    created_at: number;
    updated_at: number;
  };
  votes: {
    id: Generated<number>;
    server_id: string;
    user_id: string;
    platform: string;
    vote_key: string;
    weight: number;
    voted_at: number;
  };
  vote_stats: {
    server_id: string;
    user_id: string;
    total_votes: number;
    month: string;
    monthly_votes: number;
    current_streak: number;
    longest_streak: number;
    last_vote_day: number;
    last_vote_at: number;
  };
  vote_rewards: {
    server_id: string;
    user_id: string;
    role_id: string;
    expires_at: number | null;
    granted_at: number;
  };
  vote_monthly_archive: {
    server_id: string;
    month: string;
    user_id: string;
    votes: number;
    last_vote_at: number;
  };
}

declare module "../../db/schema.ts" {
  interface Database extends VotesTables {}
}
