import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dialects, openTestStorage, type TestStorage } from "../../test/helpers.ts";
import { features } from "./index.ts";

/** Tables of the runtime itself rather than of a feature: settings, the job queue, the sandbox. */
const runtimeTables = (name: string) =>
  name === "app_meta" || name === "jobs" || name.startsWith("sandbox_") || name.startsWith("kysely_");

describe.each(dialects)("table ownership on %s", (dialect) => {
  let test: TestStorage;
  let tables: string[];

  beforeAll(async () => {
    test = await openTestStorage(dialect);
    tables = (await test.storage.db.introspection.getTables()).map((table) => table.name);
  });

  afterAll(async () => {
    await test.cleanup();
  });

  it("gives every table of the migrated schema to exactly one feature or to the runtime", () => {
    const owners = new Map<string, string[]>();
    for (const feature of features) {
      for (const table of feature.tables) owners.set(table, [...(owners.get(table) ?? []), feature.name]);
    }
    const unowned = tables.filter((table) => !runtimeTables(table) && !owners.has(table));
    const shared = [...owners].filter(([, names]) => names.length > 1);
    expect(unowned).toEqual([]);
    expect(shared).toEqual([]);
  });

  it("declares no table the migrations don't create", () => {
    const declared = features.flatMap((feature) => feature.tables as readonly string[]);
    expect(declared.filter((table) => !tables.includes(table))).toEqual([]);
  });

  it("names each feature once, after its folder", () => {
    const names = features.map((feature) => feature.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z]+(-[a-z]+)*$/);
  });
});
