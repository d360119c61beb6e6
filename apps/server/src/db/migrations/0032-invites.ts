import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // Each server's invites with their use counts as last seen: a join is attributed by comparing.
  await db.schema
    .createTable("invite_codes")
    .addColumn("server_id", "text", (c) => c.notNull())
    .addColumn("code", "text", (c) => c.notNull())
    .addColumn("inviter_id", "text")
    .addColumn("uses", "integer", (c) => c.notNull())
    // 0 = unlimited.
    .addColumn("max_uses", "integer", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("invite_codes_pk", ["server_id", "code"])
    .execute();
  // Whether the bot can count invites in a server, and since when.
  await db.schema
    .createTable("invite_tracking")
    .addColumn("server_id", "text", (c) => c.primaryKey())
    // 'active' or 'unavailable' (the bot lacks Manage Server, so Discord hides the invites).
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("since", "bigint")
    .addColumn("checked_at", "bigint", (c) => c.notNull())
    .execute();
  // Who brought each member in (their latest join); null when the join couldn't be attributed.
  await db.schema
    .createTable("invite_joins")
    .addColumn("server_id", "text", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("inviter_id", "text")
    .addColumn("code", "text")
    .addColumn("joined_at", "bigint", (c) => c.notNull())
    .addColumn("left_at", "bigint")
    .addPrimaryKeyConstraint("invite_joins_pk", ["server_id", "user_id"])
    .execute();
  await db.schema
    .createIndex("invite_joins_inviter")
    .on("invite_joins")
    .columns(["server_id", "inviter_id"])
    .execute();

  // The sandbox's invites, so a sandbox server can be joined through one.
  await db.schema
    .createTable("sandbox_invites")
    .addColumn("code", "text", (c) => c.primaryKey())
    .addColumn("guild_id", "text", (c) => c.notNull())
    .addColumn("channel_id", "text", (c) => c.notNull())
    .addColumn("inviter_id", "text")
    .addColumn("uses", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("max_uses", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["sandbox_invites", "invite_joins", "invite_tracking", "invite_codes"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
