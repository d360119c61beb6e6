import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite";
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type SqliteDatabase,
  SqliteDialect,
  type SqliteStatement,
} from "kysely";

/**
 * Node's built-in SQLite (`node:sqlite`, no native addon to build) shaped as the database Kysely's
 * SqliteDialect drives:
 * - Kysely passes parameters as one array; node:sqlite takes them as arguments.
 * - Kysely asks `reader` (whether a statement returns rows); node:sqlite tells it by its columns.
 * - node:sqlite reports every SQLite failure as ERR_SQLITE_ERROR with the number in `errcode`; the
 *   code is set to SQLite's name for that number (SQLITE_CONSTRAINT_UNIQUE, SQLITE_BUSY), the name
 *   the stores and isDatabaseUnavailable compare.
 * - Kysely prepares every query afresh; preparing costs more than running a small indexed query, so
 *   prepared statements are kept by SQL text (bounded, least recently used dropped first). A
 *   statement still being iterated is never handed out twice.
 */
export function openNodeSqlite(
  path: string,
  capacity = 500,
): SqliteDatabase & { exec(sql: string): void; raw: DatabaseSync } {
  const raw = new DatabaseSync(path);
  const cache = new Map<string, CachedStatement>();
  return {
    raw,
    exec: (sql) => sqliteCall(() => raw.exec(sql)),
    close: () => {
      cache.clear();
      raw.close();
    },
    prepare(sql: string): SqliteStatement {
      const cached = cache.get(sql);
      if (cached && !cached.busy) {
        cache.delete(sql);
        cache.set(sql, cached);
        return cached;
      }
      const statement = new CachedStatement(sqliteCall(() => raw.prepare(sql)));
      if (!cached) {
        cache.set(sql, statement);
        if (cache.size > capacity) cache.delete(cache.keys().next().value as string);
      }
      return statement;
    },
  };
}

class CachedStatement implements SqliteStatement {
  readonly reader: boolean;
  busy = false;

  constructor(private readonly statement: StatementSync) {
    this.reader = statement.columns().length > 0;
  }

  all(parameters: ReadonlyArray<unknown>): unknown[] {
    try {
      return this.statement.all(...(parameters as SQLInputValue[]));
    } catch (error) {
      throw named(error);
    }
  }

  run(parameters: ReadonlyArray<unknown>): { changes: number | bigint; lastInsertRowid: number | bigint } {
    try {
      return this.statement.run(...(parameters as SQLInputValue[]));
    } catch (error) {
      throw named(error);
    }
  }

  *iterate(parameters: ReadonlyArray<unknown>): IterableIterator<unknown> {
    this.busy = true;
    try {
      const rows = sqliteCall(() => this.statement.iterate(...(parameters as SQLInputValue[])));
      while (true) {
        const next = sqliteCall(() => rows.next());
        if (next.done) return;
        yield next.value;
      }
    } finally {
      this.busy = false;
    }
  }
}

function sqliteCall<T>(call: () => T): T {
  try {
    return call();
  } catch (error) {
    throw named(error);
  }
}

/** Gives node:sqlite's error SQLite's own name for its result code, as `code`. */
export function named(error: unknown): unknown {
  const errcode = (error as { errcode?: unknown } | null)?.errcode;
  if (!(error instanceof Error) || typeof errcode !== "number") return error;
  (error as Error & { code?: string }).code = sqliteCodeName(errcode);
  return error;
}

/** SQLite's name for a (possibly extended) result code: https://sqlite.org/rescode.html */
export function sqliteCodeName(errcode: number): string {
  return extendedCodes[errcode] ?? primaryCodes[errcode & 0xff] ?? `SQLITE_ERROR_${errcode}`;
}

const primaryCodes: Record<number, string> = {
  1: "SQLITE_ERROR",
  2: "SQLITE_INTERNAL",
  3: "SQLITE_PERM",
  4: "SQLITE_ABORT",
  5: "SQLITE_BUSY",
  6: "SQLITE_LOCKED",
  7: "SQLITE_NOMEM",
  8: "SQLITE_READONLY",
  9: "SQLITE_INTERRUPT",
  10: "SQLITE_IOERR",
  11: "SQLITE_CORRUPT",
  12: "SQLITE_NOTFOUND",
  13: "SQLITE_FULL",
  14: "SQLITE_CANTOPEN",
  15: "SQLITE_PROTOCOL",
  16: "SQLITE_EMPTY",
  17: "SQLITE_SCHEMA",
  18: "SQLITE_TOOBIG",
  19: "SQLITE_CONSTRAINT",
  20: "SQLITE_MISMATCH",
  21: "SQLITE_MISUSE",
  22: "SQLITE_NOLFS",
  23: "SQLITE_AUTH",
  24: "SQLITE_FORMAT",
  25: "SQLITE_RANGE",
  26: "SQLITE_NOTADB",
  27: "SQLITE_NOTICE",
  28: "SQLITE_WARNING",
};

const extendedCodes: Record<number, string> = {
  261: "SQLITE_BUSY_RECOVERY",
  517: "SQLITE_BUSY_SNAPSHOT",
  773: "SQLITE_BUSY_TIMEOUT",
  262: "SQLITE_LOCKED_SHAREDCACHE",
  518: "SQLITE_LOCKED_VTAB",
  264: "SQLITE_READONLY_RECOVERY",
  520: "SQLITE_READONLY_CANTLOCK",
  776: "SQLITE_READONLY_ROLLBACK",
  1032: "SQLITE_READONLY_DBMOVED",
  275: "SQLITE_CONSTRAINT_CHECK",
  531: "SQLITE_CONSTRAINT_COMMITHOOK",
  787: "SQLITE_CONSTRAINT_FOREIGNKEY",
  1043: "SQLITE_CONSTRAINT_FUNCTION",
  1299: "SQLITE_CONSTRAINT_NOTNULL",
  1555: "SQLITE_CONSTRAINT_PRIMARYKEY",
  1811: "SQLITE_CONSTRAINT_TRIGGER",
  2067: "SQLITE_CONSTRAINT_UNIQUE",
  2323: "SQLITE_CONSTRAINT_VTAB",
  2579: "SQLITE_CONSTRAINT_ROWID",
  2835: "SQLITE_CONSTRAINT_PINNED",
  3091: "SQLITE_CONSTRAINT_DATATYPE",
};

/**
 * Kysely's SqliteDialect with a driver whose one connection is handed out first come, first served.
 * Kysely's own driver wakes every waiter each time the connection is released (all but one go back
 * to waiting), which costs O(waiters²) in a burst: 20,000 concurrent queries took minutes. Here each
 * release hands the connection to the next waiter alone.
 */
export class NodeSqliteDialect extends SqliteDialect {
  readonly #database: SqliteDatabase;

  constructor(database: SqliteDatabase) {
    super({ database });
    this.#database = database;
  }

  override createDriver(): Driver {
    return new QueuedSqliteDriver(this.#database);
  }
}

class QueuedSqliteDriver implements Driver {
  readonly #connection: SqliteConnection;
  readonly #database: SqliteDatabase;
  #busy = false;
  readonly #waiting: ((() => void) | undefined)[] = [];
  #next = 0;

  constructor(database: SqliteDatabase) {
    this.#database = database;
    this.#connection = new SqliteConnection(database);
  }

  async init(): Promise<void> {}

  acquireConnection(): Promise<DatabaseConnection> {
    if (!this.#busy) {
      this.#busy = true;
      return Promise.resolve(this.#connection);
    }
    return new Promise((resolve) => this.#waiting.push(() => resolve(this.#connection)));
  }

  async releaseConnection(): Promise<void> {
    const wake = this.#waiting[this.#next];
    if (!wake) {
      this.#waiting.length = 0;
      this.#next = 0;
      this.#busy = false;
      return;
    }
    this.#waiting[this.#next++] = undefined;
    // Drop the served part now and then, so the queue holds only who still waits.
    if (this.#next > 1024 && this.#next * 2 > this.#waiting.length) {
      this.#waiting.splice(0, this.#next);
      this.#next = 0;
    }
    wake();
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin"));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("commit"));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("rollback"));
  }

  async destroy(): Promise<void> {
    this.#database.close();
  }
}

class SqliteConnection implements DatabaseConnection {
  constructor(private readonly database: SqliteDatabase) {}

  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const { sql, parameters } = compiledQuery;
    const statement = this.database.prepare(sql);
    if (statement.reader) return Promise.resolve({ rows: statement.all(parameters) as R[] });
    const { changes, lastInsertRowid } = statement.run(parameters);
    return Promise.resolve({
      numAffectedRows: BigInt(changes),
      insertId: BigInt(lastInsertRowid),
      rows: [],
    });
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    const statement = this.database.prepare(compiledQuery.sql);
    for (const row of statement.iterate(compiledQuery.parameters)) yield { rows: [row as R] };
  }
}
