import type { Kysely } from "kysely";
import { withSerialId } from "./portable.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  // A giveaway is addressed by its message id on the wire; `id` is the internal key entries point at.
  await withSerialId(db, db.schema.createTable("giveaways"))
    .addColumn("server_id", "text", (c) => c.notNull())
    .addColumn("channel_id", "text", (c) => c.notNull())
    .addColumn("message_id", "text", (c) => c.notNull().unique())
    // The server's name when it was created; the `guilds` table's current name wins when known.
    .addColumn("guild_name", "text", (c) => c.notNull())
    .addColumn("prize", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("winner_count", "integer", (c) => c.notNull())
    .addColumn("host_id", "text", (c) => c.notNull())
    .addColumn("donor_id", "text")
    .addColumn("min_account_age", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("min_member_age", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("min_invites", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("required_roles", "text", (c) => c.notNull().defaultTo("[]"))
    // 'active' or 'ended'; the end flips it once, with a conditional update.
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("end_time", "bigint", (c) => c.notNull())
    .addColumn("ended_at", "bigint")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("giveaways_server_created")
    .on("giveaways")
    .columns(["server_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("giveaways_status_end")
    .on("giveaways")
    .columns(["status", "end_time"])
    .execute();

  // One row per entrant; the primary key is what refuses a second entry, even under a race.
  await db.schema
    .createTable("giveaway_entries")
    .addColumn("giveaway_id", "integer", (c) => c.notNull().references("giveaways.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("username", "text", (c) => c.notNull())
    .addColumn("entries", "integer", (c) => c.notNull())
    .addColumn("has_bypass", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("entered_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("giveaway_entries_pk", ["giveaway_id", "user_id"])
    .execute();

  // Every draw's winners, rerolls included; the unique pair means no one wins one giveaway twice.
  await withSerialId(db, db.schema.createTable("giveaway_winners"))
    .addColumn("server_id", "text", (c) => c.notNull())
    .addColumn("giveaway_id", "integer", (c) => c.notNull().references("giveaways.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("username", "text", (c) => c.notNull())
    .addColumn("entries", "integer", (c) => c.notNull())
    .addColumn("draw", "integer", (c) => c.notNull())
    .addColumn("won_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("giveaway_winners_once", ["giveaway_id", "user_id"])
    .execute();
  await db.schema
    .createIndex("giveaway_winners_server_won")
    .on("giveaway_winners")
    .columns(["server_id", "won_at"])
    .execute();

  await db.schema
    .createTable("giveaway_configs")
    .addColumn("server_id", "text", (c) => c.primaryKey())
    .addColumn("bypass_roles", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("blacklist_roles", "text", (c) => c.notNull().defaultTo("[]"))
    // JSON list of {roleId, multiplier}.
    .addColumn("multiplier_roles", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();

  // Filled by the bot's invite tracker; read by the minInvites requirement.
  await db.schema
    .createTable("giveaway_member_invites")
    .addColumn("server_id", "text", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("invites", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("updated_at", "bigint", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("giveaway_member_invites_pk", ["server_id", "user_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "giveaway_member_invites",
    "giveaway_configs",
    "giveaway_winners",
    "giveaway_entries",
    "giveaways",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
