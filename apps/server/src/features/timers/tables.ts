import type { Generated } from "kysely";

/** Internal timer states; `ending` means the end job has claimed the timer and is announcing it. */
export type TimerRowStatus = "running" | "ending" | "ended" | "cancelled";

/** This feature's tables, added to the Database type (db/schema.ts) by declaration merging. */
export interface TimersTables {
  timers: {
    id: Generated<number>;
    server_id: string;
    channel_id: string;
    message: string;
    /** Seconds. */
    duration: number;
    ends_at: number;
    message_id: string;
    status: TimerRowStatus;
    ended_message_id: string | null;
    created_by: string | null;
    created_at: number;
    finished_at: number | null;
  };
}

declare module "../../db/schema.ts" {
  interface Database extends TimersTables {}
}
