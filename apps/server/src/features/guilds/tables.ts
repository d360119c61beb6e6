/** The servers the bot is in (and was in: `left_at`), kept in step by the gateway listeners. */
export interface GuildsTables {
  guilds: {
    id: string;
    name: string;
    icon: string | null;
    owner_id: string;
    member_count: number;
    joined_at: number;
    left_at: number | null;
  };
}

declare module "../../db/schema.ts" {
  interface Database extends GuildsTables {}
}
