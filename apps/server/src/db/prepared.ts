import type { QueryResult, RawBuilder } from "kysely";
import type { Db } from "./schema.ts";

/**
 * Statements PostgreSQL parses and plans once per connection (named prepared statements) instead of
 * at every run: for a hot statement whose text never changes, only its parameters. The vote
 * webhook's batch is one: parsing and planning it was a fifth of the database's CPU per vote. The
 * pool `openStorage` gives Kysely looks every text up here (SQLite's driver caches each statement by
 * its text already). A prepared statement names its result columns rather than `*`, so a column
 * added to a table later (another process's migration) only makes PostgreSQL plan it again.
 */
const names = new Map<string, string>();
/** A statement whose text varies is not one to prepare: past this many texts, new ones run unnamed. */
const maxPrepared = 32;

/** The statement name a SQL text runs under on PostgreSQL, if it is a prepared one. */
export function preparedName(sql: string): string | undefined {
  return names.get(sql);
}

/** Runs `query` as a prepared statement called `name` on PostgreSQL (as any query on SQLite). */
export function executePrepared<R>(db: Db, name: string, query: RawBuilder<R>): Promise<QueryResult<R>> {
  const compiled = query.compile(db);
  if (!names.has(compiled.sql) && names.size < maxPrepared) {
    names.set(compiled.sql, `${name}_${names.size + 1}`);
  }
  return db.executeQuery(compiled);
}
