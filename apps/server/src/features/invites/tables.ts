import type { Generated } from "kysely";

/**
 * This feature's tables, added to the Database type (db/schema.ts) by declaration merging. They were
 * created by giveaways' migrations and keep their names (giveaway_member_invites included).
 */
export interface InvitesTables {
  /**
   * Members' invite counts (members who joined through their invites and are still here), kept by
   * the tracker (tracker.ts); giveaways' min_invites requirement reads them through service.ts.
   */
  giveaway_member_invites: {
    server_id: string;
    user_id: string;
    invites: number;
    updated_at: Generated<number>;
  };
  /** Each server's invites with their use counts as last seen (invite tracking compares them). */
  invite_codes: {
    server_id: string;
    code: string;
    inviter_id: string | null;
    uses: number;
    max_uses: number;
    updated_at: number;
  };
  /** Whether invites can be counted in a server ('unavailable': the bot lacks Manage Server). */
  invite_tracking: {
    server_id: string;
    status: "active" | "unavailable";
    /** When counting started (the first time the invites could be read). */
    since: number | null;
    checked_at: number;
  };
  /** Who brought each member in (their latest join); inviter null when it couldn't be told. */
  invite_joins: {
    server_id: string;
    user_id: string;
    inviter_id: string | null;
    code: string | null;
    joined_at: number;
    left_at: number | null;
  };
}

declare module "../../db/schema.ts" {
  interface Database extends InvitesTables {}
}
