import { type Kysely, sql } from "kysely";
import { withSerialId } from "./portable.ts";

// Written with Kysely's schema builder and portable types only, so SQLite and PostgreSQL both run it.
// Times are bigint (ms since the epoch); pg's bigint parser is set to return numbers (see database.ts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("app_meta")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("heartbeats")
    .addColumn("minute", "bigint", (c) => c.primaryKey())
    .execute();

  await db.schema
    .createTable("guilds")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("icon", "text")
    .addColumn("owner_id", "text", (c) => c.notNull())
    .addColumn("member_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("joined_at", "bigint", (c) => c.notNull())
    .addColumn("left_at", "bigint")
    .execute();

  await db.schema
    .createTable("command_runs")
    .addColumn("server_id", "text", (c) => c.notNull())
    .addColumn("command", "text", (c) => c.notNull())
    .addColumn("count", "bigint", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("command_runs_pk", ["server_id", "command"])
    .execute();

  await db.schema
    .createTable("dashboard_tokens")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("server_id", "text", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("user_name", "text", (c) => c.notNull())
    .addColumn("permission", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("last_used_at", "bigint")
    .addColumn("revoked_at", "bigint")
    .addColumn("revoked_reason", "text")
    .execute();
  // One live token per user per server, enforced by the database itself.
  await db.schema
    .createIndex("dashboard_tokens_live_user_server")
    .on("dashboard_tokens")
    .columns(["server_id", "user_id"])
    .unique()
    .where(sql.ref("revoked_at"), "is", null)
    .execute();

  await withSerialId(db, db.schema.createTable("audit_log"))
    .addColumn("server_id", "text", (c) => c.notNull())
    .addColumn("token_id", "text")
    .addColumn("actor_user_id", "text")
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("summary", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("audit_log_server_time")
    .on("audit_log")
    .columns(["server_id", "created_at"])
    .execute();

  await withSerialId(db, db.schema.createTable("jobs"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("dedupe_key", "text")
    .addColumn("run_at", "bigint", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("max_attempts", "integer", (c) => c.notNull())
    .addColumn("last_error", "text")
    .addColumn("locked_by", "text")
    .addColumn("locked_until", "bigint")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("jobs_due").on("jobs").columns(["status", "run_at"]).execute();
  // At most one pending job per dedupe key; a running job may schedule its successor under its own key.
  await db.schema
    .createIndex("jobs_pending_dedupe_key")
    .on("jobs")
    .column("dedupe_key")
    .unique()
    .where(sql.ref("status"), "=", sql.lit("pending"))
    .execute();

  await db.schema
    .createTable("sandbox_users")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("username", "text", (c) => c.notNull())
    .addColumn("global_name", "text")
    .addColumn("avatar", "text")
    .addColumn("bot", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("dm_open", "integer", (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable("sandbox_guilds")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("icon", "text")
    .addColumn("owner_id", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("boost_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("boost_level", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("sandbox_channels")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("guild_id", "text", (c) => c.notNull().references("sandbox_guilds.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("type", "integer", (c) => c.notNull())
    .addColumn("parent_id", "text")
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("topic", "text")
    .addColumn("nsfw", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("sandbox_channels_guild").on("sandbox_channels").column("guild_id").execute();

  await db.schema
    .createTable("sandbox_roles")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("guild_id", "text", (c) => c.notNull().references("sandbox_guilds.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("color", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("permissions", "text", (c) => c.notNull())
    .addColumn("managed", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("hoist", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("sandbox_roles_guild").on("sandbox_roles").column("guild_id").execute();

  await db.schema
    .createTable("sandbox_members")
    .addColumn("guild_id", "text", (c) => c.notNull().references("sandbox_guilds.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull().references("sandbox_users.id"))
    .addColumn("nick", "text")
    .addColumn("roles", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("joined_at", "bigint", (c) => c.notNull())
    .addColumn("timeout_until", "bigint")
    .addPrimaryKeyConstraint("sandbox_members_pk", ["guild_id", "user_id"])
    .execute();

  await db.schema
    .createTable("sandbox_messages")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("channel_id", "text", (c) => c.notNull())
    .addColumn("guild_id", "text")
    .addColumn("author_id", "text", (c) => c.notNull())
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("edited_at", "bigint")
    .addColumn("deleted_at", "bigint")
    .execute();
  await db.schema
    .createIndex("sandbox_messages_channel")
    .on("sandbox_messages")
    .column("channel_id")
    .execute();

  await db.schema
    .createTable("sandbox_bans")
    .addColumn("guild_id", "text", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("reason", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("sandbox_bans_pk", ["guild_id", "user_id"])
    .execute();

  await withSerialId(db, db.schema.createTable("sandbox_outbox"))
    .addColumn("guild_id", "text")
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "sandbox_outbox",
    "sandbox_bans",
    "sandbox_messages",
    "sandbox_members",
    "sandbox_roles",
    "sandbox_channels",
    "sandbox_guilds",
    "sandbox_users",
    "jobs",
    "audit_log",
    "dashboard_tokens",
    "command_runs",
    "guilds",
    "heartbeats",
    "app_meta",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
