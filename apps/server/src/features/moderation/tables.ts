import type { Generated } from "kysely";

/** This feature's tables, added to the Database type (db/schema.ts) by declaration merging. */
export interface ModerationTables {
  /** Every moderation action, as a numbered case of its server. */
  moderation_cases: {
    id: Generated<number>;
    server_id: string;
    case_number: number;
    /** ban, kick, timeout, unban or warn. */
    action: string;
    target_id: string;
    target_name: string | null;
    moderator_id: string | null;
    reason: string | null;
    duration_ms: number | null;
    expires_at: number | null;
    ended_at: number | null;
    created_at: number;
  };
}

declare module "../../db/schema.ts" {
  interface Database extends ModerationTables {}
}
