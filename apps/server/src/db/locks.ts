import { sql, type Transaction } from "kysely";
import type { Storage } from "./database.ts";
import type { Database } from "./schema.ts";

/**
 * Runs `work` in one transaction that holds a per-server, per-scope write lock, so concurrent
 * read-modify-write updates of one server's records (settings, setup) never lose an update.
 * SQLite already serialises transactions on its single connection; PostgreSQL takes a
 * transaction-scoped advisory lock.
 */
export function transactionForServer<T>(
  storage: Storage,
  serverId: string,
  scope: string,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return storage.db.transaction().execute(async (trx) => {
    if (storage.dialect === "postgres") {
      await sql`select pg_advisory_xact_lock(hashtext(${`${scope}:${serverId}`}))`.execute(trx);
    }
    return work(trx);
  });
}
