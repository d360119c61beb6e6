import type { Generated } from "kysely";

/** The counters of one bucket, one column each (see the 0110 migration). */
export interface InsightsCounterColumns {
  joins: Generated<number>;
  leaves: Generated<number>;
  messages: Generated<number>;
  active_members: Generated<number>;
  commands: Generated<number>;
  giveaway_entries: Generated<number>;
  votes: Generated<number>;
  trigger_replies: Generated<number>;
  grinder_payments: Generated<number>;
  grinder_revenue: Generated<number>;
}

/** This feature's tables, added to the Database type (db/schema.ts) by declaration merging. */
export interface InsightsTables {
  /** One row per server per UTC day (days since the epoch), kept 400 days. */
  insights_days: InsightsCounterColumns & { server_id: string; day: number };
  /** One row per server per UTC hour (hours since the epoch), kept 14 days. */
  insights_hours: InsightsCounterColumns & { server_id: string; hour: number };
  /** Messages by channel, uses by command, entries by giveaway (`kind`), per day. */
  insights_day_keys: { server_id: string; kind: string; day: number; key: string; count: Generated<number> };
  /** Messages by channel per hour, for the heatmap. */
  insights_hour_keys: {
    server_id: string;
    kind: string;
    hour: number;
    key: string;
    count: Generated<number>;
  };
  /** Members already counted as active in a day's or an hour's bucket (kept while the bucket is current). */
  insights_authors: { server_id: string; resolution: "day" | "hour"; bucket: number; user_id: string };
  /** Ids of the batches written, so a batch retried after an unclear failure is not added twice. */
  insights_flushes: { id: string; flushed_at: number };
  /** The sandbox's demo server: counters before `history_until` were generated at seed time. */
  insights_demo: { server_id: string; history_until: number };
}

declare module "../../db/schema.ts" {
  interface Database extends InsightsTables {}
}
