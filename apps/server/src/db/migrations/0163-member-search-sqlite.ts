import { type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * The member pickers' search on SQLite (issue 28: 100,000 members within 100 ms). A search for a
 * rare part of a name walked every member (~130 ms loaded, ~300 ms on a busy machine); FTS5's
 * trigram tokenizer indexes every three letters of the member's username, global name and
 * nickname (case folded), so such a part is looked up instead. `sandbox_member_names` holds one
 * row per member, its rowid the member row's, kept by triggers: a member joins or leaves, their
 * nickname changes, or a user's names change. (Nothing here runs VACUUM, the one thing that may
 * renumber a rowid table's rows.) PostgreSQL has its trigram indexes from 0160.
 */
const names = (user: string, nick: string) =>
  `${user}.username || char(10) || coalesce(${user}.global_name, '') || char(10) || coalesce(${nick}, '')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  const statements = [
    `create virtual table sandbox_member_names using fts5(names, tokenize = 'trigram')`,
    `insert into sandbox_member_names (rowid, names)
       select m.rowid, ${names("u", "m.nick")} from sandbox_members m join sandbox_users u on u.id = m.user_id`,
    `create trigger sandbox_member_names_join after insert on sandbox_members begin
       insert into sandbox_member_names (rowid, names)
         select new.rowid, ${names("u", "new.nick")} from sandbox_users u where u.id = new.user_id;
     end`,
    `create trigger sandbox_member_names_leave after delete on sandbox_members begin
       delete from sandbox_member_names where rowid = old.rowid;
     end`,
    `create trigger sandbox_member_names_nick after update of nick, user_id on sandbox_members begin
       delete from sandbox_member_names where rowid = old.rowid;
       insert into sandbox_member_names (rowid, names)
         select new.rowid, ${names("u", "new.nick")} from sandbox_users u where u.id = new.user_id;
     end`,
    `create trigger sandbox_member_names_user after update of username, global_name on sandbox_users begin
       delete from sandbox_member_names
         where rowid in (select rowid from sandbox_members where user_id = new.id);
       insert into sandbox_member_names (rowid, names)
         select m.rowid, ${names("new", "m.nick")} from sandbox_members m where m.user_id = new.id;
     end`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  for (const trigger of ["join", "leave", "nick", "user"]) {
    await sql.raw(`drop trigger if exists sandbox_member_names_${trigger}`).execute(db);
  }
  await sql`drop table if exists sandbox_member_names`.execute(db);
}
