import fs from "node:fs";
import path from "node:path";
import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient } from "kysely";
import pg from "pg";
import { NodeSqliteDialect, openNodeSqlite } from "./node-sqlite.ts";
import { preparedName } from "./prepared.ts";
import type { Database } from "./schema.ts";

export type Dialect = "sqlite" | "postgres";

export interface Storage {
  db: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
}

// pg returns bigint (int8) and numeric as strings by default; our times and counts fit in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** The pool as Kysely draws from it: a text `prepared.ts` names runs as that prepared statement. */
function preparingPool(pool: pg.Pool): PostgresPool {
  const clients = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const preparing = (client: pg.PoolClient): PostgresPoolClient => ({
    // Kysely passes a cursor only when its dialect is given a cursor class; this one is not.
    query: ((text: string, values: unknown[]) => {
      const name = preparedName(text);
      return name ? client.query({ name, text, values }) : client.query(text, values);
    }) as unknown as PostgresPoolClient["query"],
    release: () => client.release(),
  });
  return {
    async connect() {
      const client = await pool.connect();
      let wrapped = clients.get(client);
      if (!wrapped) {
        wrapped = preparing(client);
        clients.set(client, wrapped);
      }
      return wrapped;
    },
    end: () => pool.end(),
  };
}

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
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
    return { db, dialect: "postgres", close: () => db.destroy() };
  }
  if (url !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(url)), { recursive: true });
  const sqlite = openNodeSqlite(url);
  sqlite.exec("PRAGMA journal_mode = WAL");
  sqlite.exec("PRAGMA foreign_keys = ON");
  sqlite.exec("PRAGMA busy_timeout = 5000");
  // WAL makes NORMAL durable against application crashes; only an OS crash can lose the last commit.
  sqlite.exec("PRAGMA synchronous = NORMAL");
  const db = new Kysely<Database>({ dialect: new NodeSqliteDialect(sqlite) });
  return { db, dialect: "sqlite", close: () => db.destroy() };
}
