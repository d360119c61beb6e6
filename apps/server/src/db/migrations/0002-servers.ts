import type { Kysely } from "kysely";
import { withSerialId } from "./portable.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("server_setups")
    .addColumn("server_id", "text", (c) => c.primaryKey())
    .addColumn("manager_role_id", "text")
    .addColumn("grinder_base_role_id", "text")
    .addColumn("payments_channel_id", "text")
    .addColumn("ticket_category_id", "text")
    .addColumn("log_channel_id", "text")
    .addColumn("events_manager_role_id", "text")
    .addColumn("events_ping_role_id", "text")
    .addColumn("switch_tier_enabled", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("switch_tier_cooldown", "text", (c) => c.notNull().defaultTo("24h"))
    .addColumn("payment_period", "text", (c) => c.notNull().defaultTo("weekly"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();

  await withSerialId(db, db.schema.createTable("server_tiers"))
    .addColumn("server_id", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("name_key", "text", (c) => c.notNull())
    .addColumn("payment", "bigint", (c) => c.notNull())
    .addColumn("role_id", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("server_tiers_server_name")
    .on("server_tiers")
    .columns(["server_id", "name_key"])
    .unique()
    .execute();

  await db.schema
    .createTable("server_settings")
    .addColumn("server_id", "text", (c) => c.primaryKey())
    .addColumn("events_cheat_enabled", "integer", (c) => c.notNull())
    .addColumn("calculator_enabled", "integer", (c) => c.notNull())
    .addColumn("bank_calculator_enabled", "integer", (c) => c.notNull())
    .addColumn("tips_enabled", "integer", (c) => c.notNull())
    .addColumn("market_checker_enabled", "integer", (c) => c.notNull())
    .addColumn("heist_image", "integer", (c) => c.notNull())
    .addColumn("rumble_tracker_enabled", "integer", (c) => c.notNull())
    .addColumn("anti_pool_enabled", "integer", (c) => c.notNull())
    .addColumn("pool_manager_id", "text")
    .addColumn("member_trigger_limit", "integer", (c) => c.notNull())
    .addColumn("pro_status", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("pro_activated_by", "text")
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("server_settings").ifExists().execute();
  await db.schema.dropTable("server_tiers").ifExists().execute();
  await db.schema.dropTable("server_setups").ifExists().execute();
}
