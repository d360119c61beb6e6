import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { openStorage } from "./database.ts";

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
