import { type RawBuilder, sql, type Transaction } from "kysely";
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
  if (locks.length === 1) {
    const [{ serverId, scope }] = locks as [{ serverId: string; scope: string }];
    await sql`select pg_advisory_xact_lock(hashtext(${`${scope}:${serverId}`}))`.execute(trx);
    return;
  }
  await serverLocks(locks).execute(trx);
}

/**
 * The query taking lockForServer's locks, for a statement that takes them itself (PostgreSQL): one
 * round trip for all of them, in the order of the lock ids themselves (two keys may hash alike):
 * PostgreSQL evaluates a volatile select list after the sort, row by row.
 */
export function serverLocks(locks: { serverId: string; scope: string }[]): RawBuilder<unknown> {
  const keys = [...new Set(locks.map(({ serverId, scope }) => `${scope}:${serverId}`))];
  return sql`select pg_advisory_xact_lock(id) from (select distinct hashtext(key) as id from unnest(${keys}::text[]) as key) as ids order by id`;
}
