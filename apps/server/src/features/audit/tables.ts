import type { Generated } from "kysely";

/** Who changed what: every dashboard and bot write records an entry. */
export interface AuditTables {
  audit_log: {
    id: Generated<number>;
    server_id: string;
    token_id: string | null;
    actor_user_id: string | null;
    action: string;
    summary: string;
    created_at: number;
    /** The request's address, for changes made through the dashboard; null from the bot. */
    address: Generated<string | null>;
    /** The part of `action` before its first dot: what the viewer filters by. */
    feature: Generated<string>;
  };
}

declare module "../../db/schema.ts" {
  interface Database extends AuditTables {}
}
