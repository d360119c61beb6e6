import { type Migration, type MigrationProvider, Migrator } from "kysely";
import * as initial from "./migrations/0001-initial.ts";
import type { Storage } from "./database.ts";

// Listed here rather than read from disk so the same list works under tsx, in tests and in a bundle.
const migrations: Record<string, Migration> = {
  "0001-initial": initial,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date; throws with the failing migration's name. */
export async function migrateToLatest(storage: Storage): Promise<string[]> {
  const migrator = new Migrator({ db: storage.db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === "Error");
  if (error) {
    const name = failed ? ` (${failed.migrationName})` : "";
    throw new Error(`Database migration failed${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return (results ?? []).map((result) => result.migrationName);
}
