import { CompiledQuery, type Generated, Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { NodeSqliteDialect, openNodeSqlite, sqliteCodeName } from "./node-sqlite.ts";
import { isDatabaseUnavailable } from "./unavailable.ts";

function open() {
  const sqlite = openNodeSqlite(":memory:", 2);
  sqlite.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE)");
  return {
    sqlite,
    db: new Kysely<{ t: { id: Generated<number>; name: string } }>({
      dialect: new NodeSqliteDialect(sqlite),
    }),
  };
}

describe("node:sqlite under Kysely", () => {
  it("binds Kysely's parameter array, returns rows of readers and counts of writers", async () => {
    const { db } = open();
    const inserted = await db.insertInto("t").values({ name: "ember" }).executeTakeFirst();
    expect(inserted.insertId).toBe(1n);
    expect(inserted.numInsertedOrUpdatedRows).toBe(1n);
    await db
      .insertInto("t")
      .values([{ name: "ash" }, { name: "coal" }])
      .execute();
    const returned = await db.insertInto("t").values({ name: "flint" }).returning(["id", "name"]).execute();
    expect(returned).toEqual([{ id: 4, name: "flint" }]);
    const rows = await db.selectFrom("t").select("name").where("id", ">", 1).orderBy("id").execute();
    expect(rows.map((row) => row.name)).toEqual(["ash", "coal", "flint"]);
    const updated = await db
      .updateTable("t")
      .set({ name: "cinder" })
      .where("name", "=", "ash")
      .executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(1n);
    await db.destroy();
  });

  it("serves 20,000 concurrent queries and transactions in the order they asked, in linear time", async () => {
    const { db } = open();
    const order: number[] = [];
    const started = performance.now();
    await Promise.all(
      Array.from({ length: 20_000 }, (_, index) =>
        index % 10 === 0
          ? db.transaction().execute(async (trx) => {
              await trx
                .insertInto("t")
                .values({ name: `n${index}` })
                .execute();
              order.push(index);
            })
          : db
              .selectFrom("t")
              .select("id")
              .limit(1)
              .execute()
              .then(() => order.push(index)),
      ),
    );
    expect(order).toEqual(Array.from({ length: 20_000 }, (_, index) => index));
    expect(
      (
        await db
          .selectFrom("t")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirst()
      )?.n,
    ).toBe(2000);
    // Kysely's own driver took minutes here (every release woke every waiter).
    expect(performance.now() - started).toBeLessThan(15_000);
    await db.destroy();
  });

  it("names errors as SQLite does, so unique violations and a busy database are told apart", async () => {
    const { db } = open();
    await db.insertInto("t").values({ name: "ember" }).execute();
    const duplicate = await db
      .insertInto("t")
      .values({ name: "ember" })
      .execute()
      .catch((error: unknown) => error);
    expect((duplicate as { code?: string }).code).toBe("SQLITE_CONSTRAINT_UNIQUE");
    expect(isDatabaseUnavailable(duplicate)).toBe(false);
    const missing = await db
      .executeQuery(CompiledQuery.raw("INSERT INTO t (id) VALUES (9)"))
      .catch((error: unknown) => error);
    expect((missing as { code?: string }).code).toBe("SQLITE_CONSTRAINT_NOTNULL");
    const syntax = await db.executeQuery(CompiledQuery.raw("SELEC 1")).catch((error: unknown) => error);
    expect((syntax as { code?: string }).code).toBe("SQLITE_ERROR");
    expect(sqliteCodeName(5)).toBe("SQLITE_BUSY");
    expect(
      isDatabaseUnavailable(Object.assign(new Error("database is locked"), { code: sqliteCodeName(5) })),
    ).toBe(true);
    expect(sqliteCodeName(517)).toBe("SQLITE_BUSY_SNAPSHOT");
    await db.destroy();
  });

  it("reuses a prepared statement, but never one still being iterated", async () => {
    const { sqlite, db } = open();
    await db
      .insertInto("t")
      .values([{ name: "a" }, { name: "b" }, { name: "c" }])
      .execute();
    const sql = "SELECT name FROM t ORDER BY id";
    const first = sqlite.prepare(sql);
    expect(sqlite.prepare(sql)).toBe(first);
    const outer: unknown[] = [];
    for (const row of first.iterate([])) {
      // The same SQL again while the first iteration is open: a fresh statement, not a reset of it.
      const again = sqlite.prepare(sql);
      expect(again).not.toBe(first);
      expect(again.all([])).toEqual([{ name: "a" }, { name: "b" }, { name: "c" }]);
      outer.push(row);
    }
    expect(outer).toEqual([{ name: "a" }, { name: "b" }, { name: "c" }]);
    expect(sqlite.prepare(sql)).toBe(first);
    // More distinct statements than the cache holds (2) still all work.
    for (const name of ["a", "b", "c", "a"]) {
      expect(await db.selectFrom("t").select("name").where("name", "=", name).executeTakeFirst()).toEqual({
        name,
      });
    }
    await db.destroy();
  });
});
