import type { Generated } from "kysely";

/** This feature's tables, added to the Database type (db/schema.ts) by declaration merging. */
export interface StickyTables {
  /** One sticky message per channel, kept at the bottom by reposting. */
  sticky_messages: {
    id: Generated<number>;
    server_id: string;
    channel_id: string;
    message: string;
    /** Messages from members before the sticky is reposted (1–100). */
    trigger_count: number;
    /** Messages counted since the last repost. */
    message_count: Generated<number>;
    /** The copy currently in the channel, deleted when the next one is posted. */
    last_message_id: string | null;
    enabled: Generated<number>;
    created_by: string | null;
    created_at: number;
    updated_at: number;
  };
}

declare module "../../db/schema.ts" {
  interface Database extends StickyTables {}
}
