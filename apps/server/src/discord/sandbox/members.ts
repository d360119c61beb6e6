import { PostgresAdapter, sql } from "kysely";
import { makeSnowflake } from "../../lib/snowflake.ts";
import {
  DiscordError,
  type DiscordPort,
  type MemberInfo,
  type MemberSearchOptions,
  type NewRole,
  type PermissionOverwrite,
  type RoleChanges,
  type RoleInfo,
} from "../port/port.ts";
import { requireGuild, requireRole, type SandboxContext } from "./context.ts";
import { record } from "./outbox.ts";
import { parseJson, toRole, toUser } from "./rows.ts";

// The sandbox's members and roles: reading them, giving and taking roles, and the roles themselves.

/** `%`, `_` and `\` taken literally in a LIKE pattern (escaped with `\`). */
function likeContaining(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * Above this many members matching in SQLite's trigram index (all servers counted), a part is
 * common enough that the walk in id order finds a page sooner than sorting every match: with more
 * than 2,000 of 100,000 members matching, 25 turn up within about 1,300 members walked.
 */
const indexedMatchesMax = 2000;

/** `text` as one FTS5 phrase: with the trigram tokenizer, rows containing it anywhere, in any case. */
const ftsPhrase = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** Whether at most `indexedMatchesMax` members' names contain `query` (SQLite's trigram index). */
async function rareInNameIndex(context: SandboxContext, query: string): Promise<boolean> {
  const { rows } = await sql<{ matches: number }>`
    select count(*) as matches from (
      select rowid from sandbox_member_names where sandbox_member_names match ${ftsPhrase(query)}
      limit ${indexedMatchesMax + 1})`.execute(context.db);
  return Number(rows[0]?.matches ?? 0) <= indexedMatchesMax;
}

export async function changeRoles(
  context: SandboxContext,
  guildId: string,
  userId: string,
  roleId: string,
  change: "add" | "remove",
  reason?: string,
) {
  const role = await context.db
    .selectFrom("sandbox_roles")
    .select("id")
    .where("id", "=", roleId)
    .where("guild_id", "=", guildId)
    .executeTakeFirst();
  if (!role) throw new DiscordError("unknown_role", `Unknown role ${roleId}`);
  await context.db.transaction().execute(async (trx) => {
    let read = trx
      .selectFrom("sandbox_members")
      .select("roles")
      .where("guild_id", "=", guildId)
      .where("user_id", "=", userId);
    // Two role changes of one member at once must both land, as on Discord: on PostgreSQL lock
    // the row for this read-modify-write (SQLite's single connection already serialises them).
    if (context.db.getExecutor().adapter instanceof PostgresAdapter) read = read.forUpdate();
    const member = await read.executeTakeFirst();
    if (!member) throw new DiscordError("unknown_member", `Unknown member ${userId}`);
    const roles = new Set(JSON.parse(member.roles) as string[]);
    if (change === "add") roles.add(roleId);
    else roles.delete(roleId);
    await trx
      .updateTable("sandbox_members")
      .set({ roles: JSON.stringify([...roles]) })
      .where("guild_id", "=", guildId)
      .where("user_id", "=", userId)
      .execute();
  });
  await record(context, guildId, change === "add" ? "member.role.add" : "member.role.remove", {
    userId,
    roleId,
    reason,
  });
}

export async function updateRole(
  context: SandboxContext,
  guildId: string,
  roleId: string,
  changes: RoleChanges & { position?: number },
): Promise<RoleInfo> {
  await requireRole(context, guildId, roleId);
  const set: { name?: string; color?: number; permissions?: string; position?: number } = {};
  if (changes.name !== undefined) set.name = changes.name;
  if (changes.color !== undefined) set.color = changes.color;
  if (changes.permissions !== undefined) set.permissions = BigInt(changes.permissions).toString();
  if (changes.position !== undefined) set.position = changes.position;
  if (Object.keys(set).length > 0) {
    await context.db.updateTable("sandbox_roles").set(set).where("id", "=", roleId).execute();
  }
  return toRole(await requireRole(context, guildId, roleId));
}

/** The role goes, and leaves every member that held it and every channel overwrite naming it. */
export async function removeRole(context: SandboxContext, guildId: string, roleId: string): Promise<void> {
  const role = await requireRole(context, guildId, roleId);
  if (role.id === guildId) {
    throw new DiscordError("missing_permissions", "The @everyone role can't be deleted");
  }
  if (role.managed === 1) {
    throw new DiscordError("missing_permissions", `Role ${roleId} is managed by an integration`);
  }
  await context.db.transaction().execute(async (trx) => {
    await trx.deleteFrom("sandbox_roles").where("id", "=", roleId).execute();
    const members = await trx
      .selectFrom("sandbox_members")
      .select(["user_id", "roles"])
      .where("guild_id", "=", guildId)
      .where("roles", "like", `%"${roleId}"%`)
      .execute();
    for (const member of members) {
      const roles = parseJson<string[]>(member.roles, []).filter((id) => id !== roleId);
      await trx
        .updateTable("sandbox_members")
        .set({ roles: JSON.stringify(roles) })
        .where("guild_id", "=", guildId)
        .where("user_id", "=", member.user_id)
        .execute();
    }
    const channels = await trx
      .selectFrom("sandbox_channels")
      .select(["id", "permission_overwrites"])
      .where("guild_id", "=", guildId)
      .where("permission_overwrites", "like", `%"${roleId}"%`)
      .execute();
    for (const channel of channels) {
      const overwrites = parseJson<PermissionOverwrite[]>(channel.permission_overwrites, []).filter(
        (o) => !(o.type === "role" && o.id === roleId),
      );
      await trx
        .updateTable("sandbox_channels")
        .set({ permission_overwrites: JSON.stringify(overwrites) })
        .where("id", "=", channel.id)
        .execute();
    }
  });
}

/** The port's role and member calls over the sandbox's tables, for the directory to assemble with the other parts. */
export function membersPart(context: SandboxContext, port: DiscordPort) {
  return {
    addMemberRole(guildId: string, userId: string, roleId: string, reason?: string): Promise<void> {
      return changeRoles(context, guildId, userId, roleId, "add", reason);
    },
    removeMemberRole(guildId: string, userId: string, roleId: string, reason?: string): Promise<void> {
      return changeRoles(context, guildId, userId, roleId, "remove", reason);
    },
    async listRoles(guildId: string): Promise<RoleInfo[]> {
      const rows = await context.db
        .selectFrom("sandbox_roles")
        .selectAll()
        .where("guild_id", "=", guildId)
        .orderBy("position", "desc")
        .execute();
      return rows.map(toRole);
    },
    async getMember(guildId: string, userId: string): Promise<MemberInfo | null> {
      const row = await context.db
        .selectFrom("sandbox_members as m")
        .innerJoin("sandbox_users as u", "u.id", "m.user_id")
        .selectAll("u")
        .select(["m.nick", "m.roles", "m.joined_at", "m.guild_id"])
        .where("m.guild_id", "=", guildId)
        .where("m.user_id", "=", userId)
        .executeTakeFirst();
      if (!row) return null;
      return {
        guildId: row.guild_id,
        user: toUser(row),
        nick: row.nick,
        roleIds: JSON.parse(row.roles) as string[],
        joinedAt: row.joined_at,
      };
    },
    /**
     * Members whose username, global name or nickname contains `query` in any case, ordered by id (as
     * text), after `options.after`. Either a walk of the server's members in id order (its primary
     * key), stopped at `limit` matches, or, when the part is rare, the matches looked up in a trigram
     * index and only those read: PostgreSQL's per-name indexes of migration 0160 (the first `limit`
     * ids by each name; the planner picks index or walk for each), SQLite's FTS5 table of migration
     * 0163 (counted first, up to `indexedMatchesMax`, to choose). A query under three characters has
     * no trigram to look up and matches often enough that the walk ends early. The LIKE conditions
     * always decide, so the index only narrows what is read.
     */
    async searchMembers(guildId: string, query: string, options: MemberSearchOptions): Promise<MemberInfo[]> {
      const postgres = context.db.getExecutor().adapter instanceof PostgresAdapter;
      const indexed = !postgres && [...query].length >= 3 && (await rareInNameIndex(context, query));
      let select = context.db
        .selectFrom("sandbox_members as m")
        .innerJoin("sandbox_users as u", "u.id", "m.user_id")
        .selectAll("u")
        .select(["m.nick", "m.roles", "m.joined_at", "m.guild_id"])
        // Read from the index's few rows, the guild is a condition on them (`+` keeps SQLite from
        // walking the guild's members by its primary key instead).
        .where(indexed ? sql<string>`+m.guild_id` : sql.ref("m.guild_id"), "=", guildId);
      if (indexed) {
        select = select.where(
          sql<boolean>`m.rowid in (select rowid from sandbox_member_names where sandbox_member_names match ${ftsPhrase(query)})`,
        );
      }
      if (options.after !== undefined) select = select.where("m.user_id", ">", options.after);
      if (query !== "" && postgres && [...query].length >= 3) {
        // One branch per name, each its first `limit` matches in id order: the planner reads each
        // from its trigram index when the part is rare, or walks the members in id order and stops
        // early when it is common (a single OR across both tables could do neither).
        const pattern = sql`lower(${likeContaining(query)})`;
        const after = options.after === undefined ? sql`` : sql`and m1.user_id > ${options.after}`;
        const branch = (name: "u1.username" | "u1.global_name") => sql`(
      select m1.user_id from sandbox_members m1 join sandbox_users u1 on u1.id = m1.user_id
      where m1.guild_id = ${guildId} ${after} and lower(${sql.ref(name)}) like ${pattern} escape '\\'
      order by m1.user_id limit ${options.limit})`;
        select = select.where(
          sql<boolean>`m.user_id in (
        ${branch("u1.username")}
        union all ${branch("u1.global_name")}
        union all (
          select m1.user_id from sandbox_members m1
          where m1.guild_id = ${guildId} ${after} and lower(m1.nick) like ${pattern} escape '\\'
          order by m1.user_id limit ${options.limit}))`,
        );
      } else if (query !== "") {
        const pattern = likeContaining(query);
        // SQLite's LIKE already ignores case (ASCII letters); PostgreSQL's ILIKE does for every letter.
        const like = postgres ? sql`ilike` : sql`like`;
        select = select.where(({ or }) =>
          or([
            sql<boolean>`u.username ${like} ${pattern} escape '\\'`,
            sql<boolean>`u.global_name ${like} ${pattern} escape '\\'`,
            sql<boolean>`m.nick ${like} ${pattern} escape '\\'`,
          ]),
        );
      }
      const rows = await select.orderBy("m.user_id").limit(options.limit).execute();
      return rows.map((row) => ({
        guildId: row.guild_id,
        user: toUser(row),
        nick: row.nick,
        roleIds: JSON.parse(row.roles) as string[],
        joinedAt: row.joined_at,
      }));
    },
    /** The member of `botUserId`, or else the guild's bot member (the demo seeds the bot as a user of its own). */
    async getBotMember(guildId: string): Promise<MemberInfo | null> {
      const own = await port.getMember(guildId, context.botUserId);
      if (own) return own;
      const row = await context.db
        .selectFrom("sandbox_members as m")
        .innerJoin("sandbox_users as u", "u.id", "m.user_id")
        .select("m.user_id")
        .where("m.guild_id", "=", guildId)
        .where("u.bot", "=", 1)
        .orderBy("m.joined_at")
        .orderBy("m.user_id")
        .executeTakeFirst();
      return row ? port.getMember(guildId, row.user_id) : null;
    },
    async createRole(guildId: string, role: NewRole, reason?: string): Promise<RoleInfo> {
      await requireGuild(context, guildId);
      // New roles go just above @everyone, as on Discord; the others move up one.
      await context.db
        .updateTable("sandbox_roles")
        .set((eb) => ({ position: eb("position", "+", 1) }))
        .where("guild_id", "=", guildId)
        .where("position", ">=", 1)
        .execute();
      const row = {
        id: makeSnowflake(),
        guild_id: guildId,
        name: role.name,
        color: role.color ?? 0,
        position: 1,
        permissions: role.permissions ?? "0",
        managed: 0,
        hoist: 0,
        mentionable: role.mentionable ? 1 : 0,
      };
      await context.db.insertInto("sandbox_roles").values(row).execute();
      await record(context, guildId, "role.create", { role: row, reason });
      return toRole(row);
    },
    async editRole(
      guildId: string,
      roleId: string,
      changes: RoleChanges,
      reason?: string,
    ): Promise<RoleInfo> {
      const role = await updateRole(context, guildId, roleId, changes);
      await record(context, guildId, "role.edit", { roleId, changes, reason });
      await context.events.emit("roleUpdate", role);
      return role;
    },
    async deleteRole(guildId: string, roleId: string, reason?: string): Promise<void> {
      await removeRole(context, guildId, roleId);
      await record(context, guildId, "role.delete", { roleId, reason });
      await context.events.emit("roleDelete", { guildId, roleId });
    },
  } satisfies Partial<DiscordPort>;
}
