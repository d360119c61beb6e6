import type { Generated } from "kysely";

/** This feature's tables, added to the Database type (db/schema.ts) by declaration merging. */
export interface RaffleTables {
  raffles: {
    id: Generated<number>;
    server_id: string;
    channel_id: string;
    message_id: string | null;
    prize: string;
    winner_count: number;
    host_id: string;
    status: "open" | "drawing" | "drawn";
    created_at: number;
    drawn_at: number | null;
    drawn_by: string | null;
    /** Set by the draw: the tickets and holders it drew from (members who left excluded). */
    tickets_in_draw: number | null;
    holders_in_draw: number | null;
  };
  raffle_tickets: {
    raffle_id: number;
    user_id: string;
    tickets: number;
    left_at: number | null;
    updated_at: number;
  };
  raffle_winners: {
    raffle_id: number;
    user_id: string;
    position: number;
    tickets: number;
  };
}

declare module "../../db/schema.ts" {
  interface Database extends RaffleTables {}
}
