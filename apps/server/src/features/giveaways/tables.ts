import type { Generated } from "kysely";

/** This feature's tables, added to the Database type (db/schema.ts) by declaration merging. */
export interface GiveawaysTables {
  giveaways: {
    id: Generated<number>;
    server_id: string;
    channel_id: string;
    /** The giveaway's message; its id on the wire. */
    message_id: string;
    guild_name: string;
    prize: string;
    description: string | null;
    winner_count: number;
    host_id: string;
    donor_id: string | null;
    /** Days. */
    min_account_age: number;
    /** Days. */
    min_member_age: number;
    min_invites: number;
    /** JSON array of role ids; holding one is enough. */
    required_roles: string;
    status: "active" | "ended";
    end_time: number;
    ended_at: number | null;
    created_at: number;
  };
  giveaway_entries: {
    giveaway_id: number;
    user_id: string;
    /** The entrant's username when they entered. */
    username: string;
    /** Tickets in the draw: the highest multiplier role held, else 1. */
    entries: number;
    /** 1 when a bypass role skipped the requirements. */
    has_bypass: number;
    entered_at: number;
  };
  giveaway_winners: {
    id: Generated<number>;
    server_id: string;
    giveaway_id: number;
    user_id: string;
    username: string;
    entries: number;
    /** 0 for the draw at the end; n for the n-th reroll. */
    draw: number;
    won_at: number;
  };
  giveaway_configs: {
    server_id: string;
    /** JSON array of role ids. */
    bypass_roles: string;
    /** JSON array of role ids. */
    blacklist_roles: string;
    /** JSON array of {roleId, multiplier}. */
    multiplier_roles: string;
    updated_at: number;
  };
  /** Members' invite counts, kept by the bot's invite tracker (a later issue); read by minInvites. */
  giveaway_member_invites: {
    server_id: string;
    user_id: string;
    invites: number;
    updated_at: Generated<number>;
  };
}

declare module "../../db/schema.ts" {
  interface Database extends GiveawaysTables {}
}
