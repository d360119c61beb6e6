import type { Generated } from "kysely";

/** This feature's tables, added to the Database type (db/schema.ts) by declaration merging. Booleans are 0/1. */
export interface SetupTables {
  /** One row per server that saved a setup (or added a tier). */
  server_setups: {
    server_id: string;
    manager_role_id: string | null;
    grinder_base_role_id: string | null;
    payments_channel_id: string | null;
    ticket_category_id: string | null;
    log_channel_id: string | null;
    events_manager_role_id: string | null;
    events_ping_role_id: string | null;
    switch_tier_enabled: number;
    /** "0s" | "12h" | "24h" | "7d". */
    switch_tier_cooldown: string;
    /** "daily" | "weekly" | "biweekly" | "monthly". */
    payment_period: string;
    created_at: number;
    updated_at: number;
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
  interface Database extends SetupTables {}
}
