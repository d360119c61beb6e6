import { type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * The member pickers' search (issue 28: a search of a 100,000-member server within 100 ms) on
 * PostgreSQL: trigram indexes on the lower-cased username, global name and nickname, so that
 * `lower(name) like '%part%'` reads the index instead of every member. pg_trgm ships with
 * PostgreSQL and is a trusted extension; it goes into `public` (one copy for the database, not
 * one per schema). Where it cannot be created (not installed, no right to) the search still works
 * as before, by a walk of the server's members. SQLite has no such index; it keeps that walk.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  // A failed `create extension` would abort the migration's transaction; the block's own
  // exception handler (a savepoint) keeps it to this one statement.
  await sql`do $$ begin
    if exists (select 1 from pg_available_extensions where name = 'pg_trgm') then
      create extension if not exists pg_trgm with schema public;
    end if;
  exception when others then
    raise notice 'pg_trgm not created: %', sqlerrm;
  end $$`.execute(db);
  const found = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm'`.execute(db);
  const schema = found.rows[0]?.schema;
  if (schema === undefined) return;
  const ops = sql`${sql.id(schema)}.gin_trgm_ops`;
  await sql`create index sandbox_users_username_trgm on sandbox_users using gin (lower(username) ${ops})`.execute(
    db,
  );
  await sql`create index sandbox_users_global_name_trgm on sandbox_users using gin (lower(global_name) ${ops})`.execute(
    db,
  );
  await sql`create index sandbox_members_nick_trgm on sandbox_members using gin (lower(nick) ${ops})`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`drop index if exists sandbox_users_username_trgm`.execute(db);
  await sql`drop index if exists sandbox_users_global_name_trgm`.execute(db);
  await sql`drop index if exists sandbox_members_nick_trgm`.execute(db);
}
