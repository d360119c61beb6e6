import type { Generated } from "kysely";

/** This feature's tables, added to the Database type (db/schema.ts) by declaration merging. */
export interface StaticaTables {
  /** One rewards configuration per server. */
  statica_configs: {
    server_id: string;
    /** 0/1; a column of its own so the bot can list the servers to watch without parsing JSON. */
    enabled: number;
    /** The rest of the configuration (StaticaConfig without `enabled`), as JSON. */
    config: string;
    created_at: number;
    updated_at: number;
  };
  /** Reward roles the bot currently holds given to members, written by the bot as it acts. */
  statica_rewards: {
    server_id: string;
    user_id: string;
    role_id: string;
    /** The roleConfig category the role was given for: combined, serverTag or status. */
    category: string;
    granted_at: number;
  };
  /** Reward roles given and taken back, newest last; pruned to the latest few thousand per server. */
  statica_events: {
    id: Generated<number>;
    server_id: string;
    user_id: string;
    role_id: string;
    event: "added" | "removed";
    at: number;
  };
  /** `/statica setup`'s unsaved configuration, per member. */
  statica_setup_drafts: {
    server_id: string;
    user_id: string;
    /** A complete StaticaConfig as JSON. */
    config: string;
    updated_at: number;
  };
}

declare module "../../db/schema.ts" {
  interface Database extends StaticaTables {}
}
