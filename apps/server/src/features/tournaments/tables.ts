import type { Generated } from "kysely";

/** `signup` until started, then `running` until the final's result (`finished`) or a cancel. */
export type TournamentStatus = "signup" | "running" | "finished" | "cancelled";

/** This feature's tables, added to the Database type (db/schema.ts) by declaration merging. */
export interface TournamentsTables {
  tournaments: {
    id: Generated<number>;
    server_id: string;
    /** The server's name when the tournament was created, for the public page. */
    server_name: string;
    channel_id: string;
    /** The sign-up message with its Join and Leave buttons; null only if posting it failed. */
    message_id: string | null;
    name: string;
    /** The most players it takes: 4, 8, 16, 32 or 64. */
    size: number;
    status: TournamentStatus;
    host_id: string;
    champion_id: string | null;
    created_at: number;
    started_at: number | null;
    finished_at: number | null;
  };
  tournament_players: {
    tournament_id: number;
    user_id: string;
    /** Display name when they signed up, for the bracket and the public page. */
    name: string;
    joined_at: number;
    /** 1 = first seed; set by the random seeding at start. */
    seed: number | null;
  };
  /** Every match of the bracket, numbered 1… round by round; created at start. */
  tournament_matches: {
    tournament_id: number;
    number: number;
    round: number;
    /** 0-based position within its round. */
    position: number;
    player1_id: string | null;
    player2_id: string | null;
    winner_id: string | null;
    /** True for a first-round match against no one: its player moves on without playing. */
    bye: number;
    reported_by: string | null;
    reported_at: number | null;
  };
}

declare module "../../db/schema.ts" {
  interface Database extends TournamentsTables {}
}
