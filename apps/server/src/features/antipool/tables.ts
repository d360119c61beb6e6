import type { Generated } from "kysely";

/** Anti-pool protection: the wins it counts and the wins it blocked. */
export interface AntipoolTables {
  antipool_wins: {
    id: Generated<number>;
    server_id: string;
    user_id: string;
    /** `giveaway`, `lottery` or `raffle`. */
    event_kind: string;
    event_id: string;
    /** The prize, for lists and messages. */
    event_label: string;
    won_at: number;
    /** The pool manager who approved a blocked win, or null for a win within the rule. */
    approved_by: string | null;
  };
  antipool_blocks: {
    id: Generated<number>;
    server_id: string;
    user_id: string;
    event_kind: string;
    event_id: string;
    event_label: string;
    /** Where the event ran: the approval is announced there. */
    channel_id: string;
    /** `recent_win` or `joined_after`. */
    reason: string;
    /** JSON: the earlier win (recent_win) or the join and start times (joined_after). */
    detail: string;
    /** `pending` or `approved`. */
    status: string;
    /** How the pool manager was told: `dm`, `log` or `none`. */
    notified: string | null;
    created_at: number;
    decided_by: string | null;
    decided_at: number | null;
  };
}

declare module "../../db/schema.ts" {
  interface Database extends AntipoolTables {}
}
