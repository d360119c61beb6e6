import type { Generated } from "kysely";

/** Battle-royale wins read from the rumble bot's game-over messages. */
export interface RumbleTables {
  rumble_wins: {
    id: Generated<number>;
    server_id: string;
    user_id: string;
    channel_id: string;
    message_id: string;
    won_at: number;
  };
}

declare module "../../db/schema.ts" {
  interface Database extends RumbleTables {}
}
