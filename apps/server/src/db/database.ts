import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import type { Database } from "./schema.ts";

export type Dialect = "sqlite" | "postgres";

export interface Storage {
  db: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
}

// pg returns bigint (int8) and numeric as strings by default; our times and counts fit in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

/** Opens SQLite for a file path (or ":memory:") and PostgreSQL for a postgres:// URL. */
export function openStorage(
  url: string,
  options: {
    poolSize?: number;
    connectionTimeoutMs?: number;
    onConnectionError?: (error: Error) => void;
  } = {},
): Storage {
  if (isPostgresUrl(url)) {
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize ?? 10,
      // A database that accepts no connection answers requests 503 within seconds instead of
      // leaving them waiting (pg's default is to wait forever).
      connectionTimeoutMillis: options.connectionTimeoutMs ?? 5000,
    });
    // A connection that dies (PostgreSQL restarted, the network dropped) is an 'error' event on its
    // client, and on the pool too while it is idle; unheard, either ends the process. The queries it
    // was running fail (and answer 503: isDatabaseUnavailable), the pool drops the connection, and
    // the next query opens a new one.
    const heard = (error: Error) => options.onConnectionError?.(error);
    pool.on("connect", (client) => client.on("error", heard));
    pool.on("error", heard);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: "postgres", close: () => db.destroy() };
  }
  if (url !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(url)), { recursive: true });
  const sqlite = new SQLite(url);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  // WAL makes NORMAL durable against application crashes; only an OS crash can lose the last commit.
  sqlite.pragma("synchronous = NORMAL");
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, dialect: "sqlite", close: () => db.destroy() };
}

/**
 * Kysely prepares every query afresh; preparing costs more than running a small indexed query, so
 * keep prepared statements by SQL text (bounded, least recently used dropped first). A statement
 * still being iterated is never handed out twice.
 */
function withStatementCache(sqlite: SQLite.Database, capacity = 500) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      cache.clear();
      sqlite.close();
    },
    prepare(sql: string): SQLite.Statement {
      const cached = cache.get(sql);
      if (cached && !cached.busy) {
        cache.delete(sql);
        cache.set(sql, cached);
        return cached;
      }
      const statement = sqlite.prepare(sql);
      if (!cached) {
        cache.set(sql, statement);
        if (cache.size > capacity) cache.delete(cache.keys().next().value as string);
      }
      return statement;
    },
  };
}
