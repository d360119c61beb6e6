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
    /** The schedule (scheduled start or recurring series) that posted it, and which of its runs. */
    schedule_id: number | null;
    run_number: number | null;
    /** The role pinged when it was posted; null when none was. */
    ping_role_id: string | null;
    /** Where the results are announced; null: the giveaway's own channel. */
    winners_channel_id: string | null;
    /** 1: winners are sent the prize text by DM. */
    dm_winners: Generated<number>;
    claim_window_ms: number | null;
    end_after_entries: number | null;
    reminder_before_ms: number | null;
    reminded_at: number | null;
    /** Paused since (entries refused; the end moves by the pause on resume). */
    paused_at: number | null;
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
    /** The winner this one replaced (a reroll of one named winner). */
    replaces_user_id: string | null;
    /** Set when a reroll replaced this winner; they keep the row so they are never drawn again. */
    replaced_at: number | null;
    claimed_at: number | null;
    claim_deadline: number | null;
  };
  /** Entrants a manager removed, with the reason; the member is told at their next press. */
  giveaway_entry_removals: {
    giveaway_id: number;
    user_id: string;
    reason: string;
    removed_by: string | null;
    removed_at: number;
    notified_at: number | null;
  };
  /** Members blocked from every giveaway of the server. */
  giveaway_blocks: {
    server_id: string;
    user_id: string;
    reason: string;
    blocked_by: string | null;
    created_at: number;
  };
  /** Scheduled starts and recurring series. */
  giveaway_schedules: {
    id: Generated<number>;
    server_id: string;
    channel_id: string;
    /** JSON `GiveawaySettings` of the next run. */
    settings: string;
    /** JSON `{every, unit}`; null for a one-off scheduled start. */
    recurrence: string | null;
    status: "scheduled" | "paused" | "done" | "cancelled";
    next_run_at: number | null;
    runs: Generated<number>;
    created_by: string;
    created_at: number;
    updated_at: number;
  };
  giveaway_templates: {
    id: Generated<number>;
    server_id: string;
    name: string;
    /** JSON `GiveawaySettings`. */
    settings: string;
    created_at: number;
  };
  giveaway_configs: {
    server_id: string;
    /** JSON array of role ids. */
    bypass_roles: string;
    /** JSON array of role ids. */
    blacklist_roles: string;
    /** JSON array of {roleId, multiplier}. */
    multiplier_roles: string;
    /** IANA time zone for dates typed in the bot. */
    time_zone: Generated<string>;
    updated_at: number;
  };
}

declare module "../../db/schema.ts" {
  interface Database extends GiveawaysTables {}
}
