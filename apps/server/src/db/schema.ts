import type { Kysely } from "kysely";

/**
 * The database's tables. This file declares only the runtime's own; each feature's `tables.ts` (and
 * the job queue's and the sandbox's) adds its tables to this interface by declaration merging, so
 * storage depends on no feature. Times are integers, ms since the epoch. Discord ids are strings.
 * JSON columns hold text; booleans are 0/1.
 */
export interface Database {
  app_meta: { key: string; value: string };
}

/**
 * What a store function runs its SQL on: the database, or a transaction on it (Kysely's
 * `Transaction` is a `Kysely`), so one function serves both.
 */
export type Db = Kysely<Database>;
