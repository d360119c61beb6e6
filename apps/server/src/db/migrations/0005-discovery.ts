import type { Kysely } from "kysely";

// One entry per server: the server id is the key, and the entry's public id.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("discovery_entries")
    .addColumn("server_id", "text", (c) => c.primaryKey())
    // Always the normalised full URL, https://discord.gg/<code>, so other features can link to it.
    .addColumn("invite", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    // JSON array of normalised (lower-case, unique) tags.
    .addColumn("tags", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("is_public", "integer", (c) => c.notNull().defaultTo(1))
    // Set by staff only; pins the server in the featured group.
    .addColumn("advertised", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_by", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("discovery_entries_public")
    .on("discovery_entries")
    .columns(["is_public", "server_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("discovery_entries").ifExists().execute();
}
