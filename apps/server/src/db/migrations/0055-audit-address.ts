import { type Kysely, sql } from "kysely";

// The audit log viewer: where a change came from (the request's address, for dashboard changes) and
// the feature an action belongs to (the part of `action` before the first dot), with indexes for the
// viewer's pages: newest first, optionally of one feature or one member.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("audit_log").addColumn("address", "text").execute();
  await db.schema
    .alterTable("audit_log")
    .addColumn("feature", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  const actions = await sql<{ action: string }>`select distinct action from audit_log`.execute(db);
  for (const { action } of actions.rows) {
    const feature = action.split(".")[0] ?? action;
    await sql`update audit_log set feature = ${feature} where action = ${action}`.execute(db);
  }
  await db.schema.createIndex("audit_log_server_id").on("audit_log").columns(["server_id", "id"]).execute();
  await db.schema
    .createIndex("audit_log_server_feature")
    .on("audit_log")
    .columns(["server_id", "feature", "id"])
    .execute();
  await db.schema
    .createIndex("audit_log_server_actor")
    .on("audit_log")
    .columns(["server_id", "actor_user_id", "id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("audit_log_server_actor").execute();
  await db.schema.dropIndex("audit_log_server_feature").execute();
  await db.schema.dropIndex("audit_log_server_id").execute();
  await db.schema.alterTable("audit_log").dropColumn("feature").execute();
  await db.schema.alterTable("audit_log").dropColumn("address").execute();
}
