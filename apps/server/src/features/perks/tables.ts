import type { Generated } from "kysely";

/** This feature's tables, added to the Database type (db/schema.ts) by declaration merging. */
export interface PerksTables {
  /** A perk tier: members holding its role get its limits. */
  perk_tiers: {
    id: Generated<number>;
    server_id: string;
    name: string;
    name_key: string;
    role_id: string;
    emoji_limit: number;
    highlights: number;
    channel_members: number;
    role_members: number;
    afk: number;
    responder_limit: number;
    created_at: number;
    updated_at: number;
  };
  perk_settings: {
    server_id: string;
    auto_cleanup: number;
    updated_at: number;
  };
  perk_members: {
    server_id: string;
    user_id: string;
    /** JSON array of emoji keys. */
    emojis: string;
    channel_id: string | null;
    /** JSON array of member ids added to the channel (the owner not included). */
    channel_members: string;
    role_id: string | null;
    /** JSON array of member ids given the role (the owner not included). */
    role_members: string;
    expired_at: number | null;
    updated_at: number;
  };
  perk_keywords: {
    id: Generated<number>;
    server_id: string;
    user_id: string;
    keyword: string;
    created_at: number;
  };
  perk_responders: {
    id: Generated<number>;
    server_id: string;
    user_id: string;
    trigger: string;
    trigger_key: string;
    response: string | null;
    /** JSON `{ title?, description?, color? }`. */
    embed: string | null;
    created_at: number;
  };
  perk_afk: {
    server_id: string;
    user_id: string;
    message: string;
    since: number;
  };
  perk_afk_mentions: {
    id: Generated<number>;
    server_id: string;
    user_id: string;
    author_id: string;
    channel_id: string;
    message_id: string;
    at: number;
  };
}

declare module "../../db/schema.ts" {
  interface Database extends PerksTables {}
}
