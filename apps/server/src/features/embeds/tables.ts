import type { Generated } from "kysely";

/** This feature's tables, added to the Database type (db/schema.ts) by declaration merging. */
export interface EmbedsTables {
  /** Embeds saved by a server to start new ones from (name unique per server, any case). */
  embed_templates: {
    id: Generated<number>;
    server_id: string;
    name: string;
    /** `name` in lower case, for the uniqueness rule. */
    name_key: string;
    /** core's EmbedDraft as JSON. */
    draft: string;
    created_by: string | null;
    created_at: number;
    updated_at: number;
  };
  /** Open builder sessions: the draft a member is editing, keyed by the id in the buttons. */
  embed_drafts: {
    id: string;
    server_id: string;
    user_id: string;
    draft: string;
    target_channel_id: string | null;
    target_message_id: string | null;
    /** The rest of the edited message (its text, its other embeds) as JSON, kept as it was. */
    target_rest: string | null;
    /** `{ form, fields }` of the last refused form submission, as JSON. */
    pending_form: string | null;
    created_at: number;
    updated_at: number;
    expires_at: number;
  };
}

declare module "../../db/schema.ts" {
  interface Database extends EmbedsTables {}
}
