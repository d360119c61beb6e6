/** This feature's tables, added to the Database type (db/schema.ts) by declaration merging. */
export interface WelcomeTables {
  /** One row per server that saved a welcome config; no row means the defaults. */
  welcome_configs: {
    server_id: string;
    enabled: number;
    channel_id: string | null;
    mention_user: number;
    /** JSON: {title, description, color, thumbnail, footer{text, iconURL}, timestamp}. */
    embed: string;
    /** JSON: {enabled, label, emoji}. */
    button: string;
    updated_at: number;
  };
  /** One row per server that touched ping on join; no row means off with no channels. */
  welcome_ping_configs: {
    server_id: string;
    enabled: number;
    updated_at: number;
  };
  welcome_ping_channels: {
    server_id: string;
    channel_id: string;
    /** Custom ping text (a template); null pings with the bare mention. */
    message: string | null;
    position: number;
    created_at: number;
  };
}

declare module "../../db/schema.ts" {
  interface Database extends WelcomeTables {}
}
