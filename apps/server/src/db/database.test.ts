import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { openStorage } from "./database.ts";
import { executePrepared } from "./prepared.ts";

// DATABASE_POOL_SIZE reaches the pool: that many connections serve queries at once, never more.
describe.skipIf(!process.env.TEST_DATABASE_URL)("the PostgreSQL pool", () => {
  it("opens at most poolSize connections, however many queries wait", async () => {
    const storage = openStorage(process.env.TEST_DATABASE_URL as string, { poolSize: 3 });
    try {
      const rows = await Promise.all(
        Array.from({ length: 9 }, () =>
          sql<{ pid: number }>`select pg_backend_pid() as pid, pg_sleep(0.2)`.execute(storage.db),
        ),
      );
      const pids = new Set(rows.map((result) => result.rows[0]?.pid));
      expect(pids.size).toBe(3);
    } finally {
      await storage.close();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("prepared statements", () => {
  it("run under their name on PostgreSQL, once parsed per connection, each run with its own values", async () => {
    const storage = openStorage(process.env.TEST_DATABASE_URL as string, { poolSize: 1 });
    try {
      const double = (n: number) => sql<{ twice: number }>`select ${n}::int * 2 as twice`;
      const first = await executePrepared(storage.db, "double", double(2));
      const second = await executePrepared(storage.db, "double", double(21));
      expect([first.rows, second.rows]).toEqual([[{ twice: 4 }], [{ twice: 42 }]]);
      // The one connection holds it, parsed once; an ordinary query is not kept.
      await sql`select ${1}::int as one`.execute(storage.db);
      const held = await sql<{ name: string; statement: string }>`
        select name, statement from pg_prepared_statements`.execute(storage.db);
      expect(held.rows).toEqual([
        { name: expect.stringMatching(/^double_\d+$/), statement: "select $1::int * 2 as twice" },
      ]);
    } finally {
      await storage.close();
    }
  });
});
