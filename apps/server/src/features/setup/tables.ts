/** This feature's tables, added to the Database type (db/schema.ts) by declaration merging. Booleans are 0/1. */
export interface SetupTables {
  /**
   * One row per server that saved a setup (or added a tier): its channels and roles, and the
   * grinder options stored with them (the grinders feature reads them through `getSetup`).
   */
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
}

declare module "../../db/schema.ts" {
  interface Database extends SetupTables {}
}
