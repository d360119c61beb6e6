import type { Generated } from "kysely";

/** The developer tools' tables, added to the Database type (db/schema.ts) by declaration merging. */
export interface DevtoolsTables {
  /** The global block list: a user or server id Hearth ignores everywhere. */
  dev_blocks: {
    id: string;
    kind: "user" | "server";
    reason: string | null;
    blocked_by: string;
    blocked_at: number;
  };
  /** The global lockdown: one row (id 1) while it is on. */
  dev_lockdown: {
    id: number;
    reason: string | null;
    started_by: string;
    started_at: number;
  };
  /** An announcement DMed to every server owner (`/dev notifyusers`). */
  dev_notices: {
    id: Generated<number>;
    message: string;
    started_by: string;
    started_at: number;
    finished_at: number | null;
  };
  /**
   * One row per owner of a notice: pending → sending → sent or failed. A row is marked sending before
   * its DM goes out, so a restart never sends an owner a second copy (at most once).
   */
  dev_notice_recipients: {
    notice_id: number;
    user_id: string;
    status: "pending" | "sending" | "sent" | "failed";
    error: string | null;
    updated_at: number;
  };
}

declare module "../../db/schema.ts" {
  interface Database extends DevtoolsTables {}
}
