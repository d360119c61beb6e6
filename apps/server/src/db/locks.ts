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
    await lockForServer(storage, trx, [{ serverId, scope }]);
    return work(trx);
  });
}

/**
 * Takes transactionForServer's locks inside a transaction already open, several at once (a group
 * commit of many members' writes): in one order, whoever takes them, so two never deadlock.
 */
export async function lockForServer(
  storage: Storage,
  trx: Transaction<Database>,
  locks: { serverId: string; scope: string }[],
): Promise<void> {
  if (storage.dialect !== "postgres") return;
  const keys = [...new Set(locks.map(({ serverId, scope }) => `${scope}:${serverId}`))].sort();
  for (const key of keys) await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
}
