import type { Generated } from "kysely";

/** This feature's tables, added to the Database type (db/schema.ts) by declaration merging. */
export interface LotteryTables {
  lotteries: {
    id: Generated<number>;
    server_id: string;
    channel_id: string;
    message_id: string | null;
    prize: string;
    /** Tickets one member may hold. */
    max_tickets: number;
    host_id: string;
    status: "running" | "ended";
    end_time: number;
    ended_at: number | null;
    ended_by: "schedule" | "manual" | null;
    winner_id: string | null;
    winner_tickets: number | null;
    /** Set by the draw: every ticket taken, and by how many members. */
    tickets_sold: number | null;
    entrants: number | null;
    /** Set once the announcement went out. */
    announced_at: number | null;
    /** Who is posting the announcement now: a claim that lapses after a minute (a crashed poster). */
    announce_claimed_at: number | null;
    created_at: number;
  };
  lottery_tickets: {
    lottery_id: number;
    user_id: string;
    tickets: number;
    updated_at: number;
  };
}

declare module "../../db/schema.ts" {
  interface Database extends LotteryTables {}
}
