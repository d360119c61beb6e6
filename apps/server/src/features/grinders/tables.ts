import type { Generated } from "kysely";

/** This feature's tables, added to the Database type (db/schema.ts) by declaration merging. Booleans are 0/1. */
export interface GrindersTables {
  /**
   * One row per hire. Removal archives the row (kept for history, never listed). The ledger columns
   * (`period_start`, `period_total`, `leftover_payment`) hold the state as of the last write; reads
   * roll it forward to the current period (see periods.ts).
   */
  grinders: {
    /** A snowflake-shaped record id, `_id` on the wire. */
    id: string;
    server_id: string;
    user_id: string;
    /** Names as last seen, so the list needs no Discord call per grinder. */
    username: string | null;
    display_name: string | null;
    tier_id: number;
    /** The tier's name at the last write, kept for archived records whose tier is gone. */
    tier_name: string;
    on_break: number;
    break_started_at: number | null;
    break_until: number | null;
    hired_at: number;
    hired_by: string | null;
    hired_by_name: string | null;
    period_start: number;
    period_total: number;
    leftover_payment: number;
    last_payment_at: number | null;
    archived_at: number | null;
    archived_by: string | null;
    archive_reason: string | null;
  };
  /** Every payment recorded, with the ledger after it. */
  grinder_payments: {
    id: Generated<number>;
    server_id: string;
    grinder_id: string;
    user_id: string;
    action: "add" | "set";
    amount: number;
    period_start: number;
    period_total: number;
    leftover_payment: number;
    recorded_by: string | null;
    created_at: number;
  };
  /** The tiers of a server, in the order `position`; the setup's tiers/payments/tierRoles derive from these. */
  server_tiers: {
    id: Generated<number>;
    server_id: string;
    name: string;
    /** Lower-cased name: tier names are unique in a server regardless of case. */
    name_key: string;
    payment: number;
    role_id: string;
    position: number;
    created_at: number;
  };
}

declare module "../../db/schema.ts" {
  interface Database extends GrindersTables {}
}
