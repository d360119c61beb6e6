import type { Kysely } from "kysely";
import { withSerialId } from "./portable.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  // The operators' global block list: users and servers Hearth ignores (servers are also left).
  await db.schema
    .createTable("dev_blocks")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("reason", "text")
    .addColumn("blocked_by", "text", (c) => c.notNull())
    .addColumn("blocked_at", "bigint", (c) => c.notNull())
    .execute();
  // At most one row: present while a global lockdown is on.
  await db.schema
    .createTable("dev_lockdown")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("reason", "text")
    .addColumn("started_by", "text", (c) => c.notNull())
    .addColumn("started_at", "bigint", (c) => c.notNull())
    .execute();
  // Announcements DMed to every server owner, and one progress row per owner (resumable).
  await withSerialId(db, db.schema.createTable("dev_notices"))
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("started_by", "text", (c) => c.notNull())
    .addColumn("started_at", "bigint", (c) => c.notNull())
    .addColumn("finished_at", "bigint")
    .execute();
  await db.schema
    .createTable("dev_notice_recipients")
    .addColumn("notice_id", "integer", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("error", "text")
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("dev_notice_recipients_pk", ["notice_id", "user_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["dev_notice_recipients", "dev_notices", "dev_lockdown", "dev_blocks"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
