import { type CreateTableBuilder, type Kysely, PostgresAdapter } from "kysely";

/** Adds an auto-numbered integer primary key `id`, spelled the way each dialect wants it. */
export function withSerialId<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T, never>) {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? table.addColumn("id", "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
}
