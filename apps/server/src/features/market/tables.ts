/** The Market checker: each server's price list and the channels where it answers price questions. */
export interface MarketTables {
  market_items: {
    server_id: string;
    /** The name's key (`itemKey`): lower case, no punctuation; unique per server. */
    item_key: string;
    /** The name as the manager wrote it. */
    name: string;
    /** Whole coins, as decimal digits (exact beyond 2^53). */
    price: string;
    updated_at: number;
    updated_by: string | null;
  };
  market_channels: {
    server_id: string;
    channel_id: string;
  };
}

declare module "../../db/schema.ts" {
  interface Database extends MarketTables {}
}
