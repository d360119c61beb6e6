import type { Generated } from "kysely";

/** Keyword triggers: a message with the keyword gets the trigger's reply. */
export interface TriggerTables {
  server_triggers: {
    id: Generated<number>;
    server_id: string;
    /** As the creator wrote it (shown in lists). */
    keyword: string;
    /** `normalizeTriggerText(keyword)`: unique per server. */
    keyword_key: string;
    /** `word`, `contains` or `exact`. */
    match_mode: string;
    /** `text` or `embed`. */
    reply_type: string;
    /** Template-language text: the message, or the embed's description. */
    response: string;
    embed_title: string | null;
    /** 1 when staff made it (doesn't count against the member limit). */
    staff: number;
    created_by: string;
    created_at: number;
    updated_at: number;
  };
}

declare module "../../db/schema.ts" {
  interface Database extends TriggerTables {}
}
