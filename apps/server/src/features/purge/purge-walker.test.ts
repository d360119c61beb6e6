import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, demoGuildId, dialects, type TestContext } from "../../../test/helpers.ts";
import { seedFeatureDemos } from "../../composition.ts";
import type { Database } from "../../db/schema.ts";
import { features } from "../index.ts";
import { depthOf, isRuntimeTable, scopeProblems, type TableScope, tableScopes } from "./scopes.ts";
import { purgeServerData } from "./service.ts";

// The purge walker: every table of the migrated schema has a way to find one server's rows, and a
// purge leaves none of that server's rows anywhere while another server's rows stay as they were.
// A table added later without a server scope fails the first test; one the demo seeds leave empty
// gets a generated row here, so every table is exercised.

const otherId = "222222222222222222";
type Column = {
  name: string;
  dataType: string;
  isNullable: boolean;
  isAutoIncrementing: boolean;
  hasDefaultValue: boolean;
};
type Table = { name: string; columns: Column[] };

function belongs(
  scopes: readonly TableScope[],
  entry: TableScope,
  serverId: string,
): ReturnType<typeof sql<boolean>> {
  const { scope, table } = entry;
  if ("column" in scope) return sql<boolean>`${sql.ref(`${table}.${scope.column}`)} = ${serverId}`;
  if (!("parent" in scope)) throw new Error(`${table} has no server`);
  const parent = scopes.find((candidate) => candidate.table === scope.parent) as TableScope;
  return sql<boolean>`${sql.ref(`${table}.${scope.via}`)} in (select ${sql.ref(`${parent.table}.${scope.parentKey ?? "id"}`)} from ${sql.table(parent.table)} where ${belongs(scopes, parent, serverId)})`;
}

async function rowsOf(
  db: Kysely<Database>,
  scopes: readonly TableScope[],
  entry: TableScope,
  serverId: string,
) {
  const { rows } = await sql<
    Record<string, unknown>
  >`select * from ${sql.table(entry.table)} where ${belongs(scopes, entry, serverId)}`.execute(db);
  return rows
    .map((row) => JSON.stringify(row, (_, value) => (typeof value === "bigint" ? String(value) : value)))
    .sort();
}

/** The table an integer `<name>_id` column points at, by name: `board_id` → boards, `panel_id` → selfrole_panels. */
function referencedTable(column: string, tables: readonly Table[]): Table | undefined {
  const prefix = column.replace(/_id$/, "");
  return tables.find(
    (table) =>
      (table.name === `${prefix}s` ||
        table.name.endsWith(`_${prefix}s`) ||
        table.name === prefix.replace(/y$/, "ies")) &&
      table.columns.some((c) => c.name === "id"),
  );
}

let counter = 1000;

/** One generated row of `table` for the server, its links pointing at the server's parent rows. */
async function generateRow(
  db: Kysely<Database>,
  tables: readonly Table[],
  scopes: readonly TableScope[],
  entry: TableScope,
  serverId: string,
) {
  const table = tables.find((candidate) => candidate.name === entry.table) as Table;
  const values: Record<string, unknown> = {};
  const n = counter++;
  for (const column of table.columns) {
    const type = column.dataType.toLowerCase();
    const numeric = /int|serial|real|double|numeric|float|decimal/.test(type);
    if (column.isAutoIncrementing) continue;
    if ("column" in entry.scope && column.name === entry.scope.column) {
      values[column.name] = serverId;
      continue;
    }
    const parentTable =
      "parent" in entry.scope && column.name === entry.scope.via
        ? tables.find((candidate) => candidate.name === (entry.scope as { parent: string }).parent)
        : numeric && column.name.endsWith("_id")
          ? referencedTable(column.name, tables)
          : undefined;
    const parentScope = parentTable && scopes.find((candidate) => candidate.table === parentTable.name);
    if (parentTable && parentScope && !("none" in parentScope.scope)) {
      const key =
        "parent" in entry.scope && column.name === entry.scope.via ? (entry.scope.parentKey ?? "id") : "id";
      const { rows } = await sql<{
        key: unknown;
      }>`select ${sql.ref(key)} as key from ${sql.table(parentTable.name)} where ${belongs(scopes, parentScope, serverId)} limit 1`.execute(
        db,
      );
      if (rows[0]) {
        values[column.name] = rows[0].key;
        continue;
      }
    }
    if (/bool/.test(type)) values[column.name] = true;
    else if (numeric) values[column.name] = n;
    else values[column.name] = `${column.name}-${n}`;
  }
  try {
    await db
      .insertInto(entry.table as keyof Database)
      .values(values as never)
      .execute();
  } catch (error) {
    throw new Error(
      `The walker test could not make up a row of ${entry.table} (${String(error)}): give the table a row in its feature's demo seed, so the purge is tested on real data`,
    );
  }
}

describe.each(dialects)("the data purge walker on %s", (dialect) => {
  let test: TestContext;
  let tables: Table[];
  const scopes = tableScopes(features);
  const scoped = scopes.filter((entry) => !("none" in entry.scope));
  const byDepth = [...scoped].sort((a, b) => depthOf(scopes, a) - depthOf(scopes, b));

  beforeAll(async () => {
    test = await createTestContext({ dialect });
    // PostgreSQL lists the tables of every schema; the test database is the connection's own.
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`
      .execute(test.ctx.storage.db)
      .catch(() => ({ rows: [] }));
    const own = dialect === "postgres" ? rows[0]?.schema : undefined;
    tables = (await test.ctx.storage.db.introspection.getTables())
      .filter((table) => !own || table.schema === own)
      .map((table) => ({
        name: table.name,
        columns: table.columns.map((column) => ({ ...column })),
      }));
  }, 60_000);

  afterAll(async () => {
    await test?.cleanup();
  });

  it("finds every table of the migrated schema a way to its server's rows", () => {
    const schema = tables.map((table) => ({ name: table.name, columns: table.columns.map((c) => c.name) }));
    expect(scopeProblems(schema, scopes)).toEqual([]);
  });

  it("reports a table added without a server scope, and a scope column that doesn't exist", () => {
    const schema = [
      { name: "widgets", columns: ["id", "guild_id"] },
      { name: "gadgets", columns: ["id"] },
    ];
    const declared: TableScope[] = [{ table: "gadgets", feature: "gadgets", scope: { column: "server_id" } }];
    expect(scopeProblems(schema, declared)).toEqual([
      "widgets: no feature declares it, so a purge can't find its rows",
      "gadgets: has no server_id column; declare its server scope (serverScopes in its feature: a column, a parent table, or none)",
    ]);
  });

  it("deletes every row of the server in every table and leaves another server's rows intact", async () => {
    const { ctx } = test;
    const db = ctx.storage.db;
    await seedFeatureDemos(ctx);
    // Tables the demo seeds leave empty get a generated row; the other server gets one everywhere.
    for (const entry of byDepth) {
      if ((await rowsOf(db, scopes, entry, demoGuildId)).length === 0) {
        await generateRow(db, tables, scopes, entry, demoGuildId);
      }
      await generateRow(db, tables, scopes, entry, otherId);
    }
    // Generated reward rows expire, which a purge lifts first (purge-release.test.ts); here they are
    // permanent, so every table still reports the rows the walk deleted.
    await db.updateTable("vote_rewards").set({ expires_at: null }).execute();
    await ctx.jobs.schedule("test.demo", { serverId: demoGuildId }, Date.now() + 60_000);
    await ctx.jobs.schedule("test.other", { serverId: otherId }, Date.now() + 60_000);

    const jobsOf = () => db.selectFrom("jobs").select(["kind", "payload"]).orderBy("id").execute();
    const jobsBefore = await jobsOf();
    const before = new Map<string, string[]>();
    let demoRows = 0;
    for (const entry of scoped) {
      const rows = (await rowsOf(db, scopes, entry, demoGuildId)).length;
      expect(rows, entry.table).toBeGreaterThan(0);
      demoRows += rows;
      before.set(entry.table, await rowsOf(db, scopes, entry, otherId));
      expect(before.get(entry.table)?.length, entry.table).toBeGreaterThan(0);
    }

    const result = await purgeServerData(ctx, scopes, demoGuildId, { by: "test", reason: "walker test" });
    // Every table reports its own rows (a feature declares a parent table before its children).
    expect(result.tables.map((entry) => entry.table).sort()).toEqual(
      scoped.map((entry) => entry.table).sort(),
    );
    expect(result.rows).toBe(demoRows);
    expect(result.jobs).toBe(jobsBefore.filter((job) => job.payload.includes(`"${demoGuildId}"`)).length);

    for (const entry of scoped) {
      expect(await rowsOf(db, scopes, entry, demoGuildId), entry.table).toEqual([]);
      expect(await rowsOf(db, scopes, entry, otherId), entry.table).toEqual(before.get(entry.table));
    }
    // Independently of the scopes: no text column of any table (but the simulated Discord) holds the id.
    for (const table of tables) {
      if (table.name.startsWith("sandbox_") || table.name.startsWith("kysely_")) continue;
      for (const column of table.columns) {
        if (/int|serial|real|double|numeric|float|decimal|bool/.test(column.dataType.toLowerCase())) continue;
        const { rows } = await sql<{
          n: number | string;
        }>`select count(*) as n from ${sql.table(table.name)} where ${sql.ref(column.name)} = ${demoGuildId}`.execute(
          db,
        );
        expect(Number(rows[0]?.n), `${table.name}.${column.name}`).toBe(0);
      }
    }
    // The job queue is the runtime's: the jobs naming the server went, every other one stayed.
    expect(await jobsOf()).toEqual(jobsBefore.filter((job) => !job.payload.includes(`"${demoGuildId}"`)));
    expect((await jobsOf()).map((job) => job.kind)).toContain("test.other");
    expect(isRuntimeTable("jobs")).toBe(true);
  }, 120_000);
});
