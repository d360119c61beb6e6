import type { Feature, PurgeRelease, ServerScope } from "../feature.ts";

/** One table of the schema, the feature that owns it, and how its rows belong to a server. */
export interface TableScope {
  table: string;
  feature: string;
  scope: ServerScope;
  /** The owning feature's `releaseOnPurge`, run before its rows are deleted. */
  release?: PurgeRelease;
}

/**
 * Every feature table with its server scope: the declared one, else its `server_id` column. The
 * purge walker test checks each against the migrated schema (the column exists, the parent is a
 * scoped table), so a table added without a way to find its server's rows fails it.
 */
export function tableScopes(list: readonly Feature[]): TableScope[] {
  return list.flatMap((feature) =>
    feature.tables.map((table) => ({
      table,
      feature: feature.name,
      scope: feature.serverScopes?.[table] ?? { column: "server_id" },
      ...(feature.releaseOnPurge ? { release: feature.releaseOnPurge } : {}),
    })),
  );
}

/** How many parents a table's rows hang from (children are deleted before their parents). */
export function depthOf(scopes: readonly TableScope[], entry: TableScope, seen = new Set<string>()): number {
  const { scope } = entry;
  if (!("parent" in scope)) return 0;
  if (seen.has(entry.table)) throw new Error(`The server scope of ${entry.table} loops through its parents`);
  seen.add(entry.table);
  const parent = scopes.find((candidate) => candidate.table === scope.parent);
  if (!parent) throw new Error(`${entry.table}'s parent table ${scope.parent} is not a feature table`);
  return 1 + depthOf(scopes, parent, seen);
}

/**
 * Tables no feature owns: the runtime's settings (`app_meta`), the job queue (a purge deletes the
 * jobs naming the server through the queue), the sandbox's simulated Discord, and Kysely's own.
 */
export function isRuntimeTable(name: string): boolean {
  return name === "app_meta" || name === "jobs" || name.startsWith("sandbox_") || name.startsWith("kysely_");
}

/**
 * What is wrong between the migrated schema and the declared scopes: a table no feature scopes, a
 * scope column or parent link that doesn't exist. Empty when every row can be found by its server.
 */
export function scopeProblems(
  schema: readonly { name: string; columns: readonly string[] }[],
  scopes: readonly TableScope[],
): string[] {
  const columnsOf = new Map(schema.map((table) => [table.name, table.columns]));
  const problems: string[] = [];
  for (const table of schema) {
    if (isRuntimeTable(table.name)) continue;
    if (!scopes.some((entry) => entry.table === table.name)) {
      problems.push(`${table.name}: no feature declares it, so a purge can't find its rows`);
    }
  }
  for (const { table, scope } of scopes) {
    const columns = columnsOf.get(table);
    if (!columns) {
      problems.push(`${table}: declared, but not in the migrated schema`);
    } else if ("column" in scope && !columns.includes(scope.column)) {
      problems.push(
        `${table}: has no ${scope.column} column; declare its server scope (serverScopes in its feature: a column, a parent table, or none)`,
      );
    } else if ("parent" in scope) {
      const parent = scopes.find((entry) => entry.table === scope.parent);
      const parentColumns = columnsOf.get(scope.parent);
      if (!parent || !parentColumns || "none" in parent.scope) {
        problems.push(`${table}: its parent ${scope.parent} is not a table with a server scope`);
      }
      if (!columns.includes(scope.via)) problems.push(`${table}: has no ${scope.via} column to its parent`);
      if (parentColumns && !parentColumns.includes(scope.parentKey ?? "id")) {
        problems.push(`${table}: its parent ${scope.parent} has no ${scope.parentKey ?? "id"} column`);
      }
    }
  }
  return problems;
}
