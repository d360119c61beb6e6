import { makeSnowflake } from "../../lib/snowflake.ts";
import type { PresenceEvent } from "../port/events.ts";
import {
  DiscordError,
  type DiscordPort,
  type EmojiInfo,
  type MemberInfo,
  type RoleChanges,
  type RoleInfo,
} from "../port/port.ts";
import { requireChannel, requireGuild, type SandboxContext } from "./context.ts";
import { removeChannel } from "./guilds.ts";
import { useInvite } from "./invites.ts";
import { removeRole, updateRole } from "./members.ts";

// What members and admins do to a sandbox server: joining, leaving, going online; editing and
// deleting roles and channels, uploading emojis. What Discord would announce is heard as its gateway event.

/** A user joining a server; without an id, a new one is made. */
export interface JoiningUser {
  id?: string;
  username: string;
  globalName?: string | null;
  bot?: boolean;
  dmOpen?: boolean;
}

/** What members and admins do to a server (joining, leaving, boosting; editing roles and channels), for SandboxAdapter to assemble with the other parts. */
export function serverSimulation(context: SandboxContext, port: DiscordPort) {
  return {
    async simulateMemberJoin(
      guildId: string,
      user: JoiningUser,
      options: { roleIds?: string[]; nick?: string | null; inviteCode?: string } = {},
    ): Promise<MemberInfo> {
      await requireGuild(context, guildId);
      // Joining through an invite counts a use of it first, as Discord does.
      if (options.inviteCode) await useInvite(context, guildId, options.inviteCode);
      const userId = user.id ?? makeSnowflake();
      await context.db
        .insertInto("sandbox_users")
        .values({
          id: userId,
          username: user.username,
          global_name: user.globalName ?? null,
          avatar: null,
          bot: user.bot ? 1 : 0,
          created_at: Date.now(),
          dm_open: user.dmOpen === false ? 0 : 1,
        })
        .onConflict((oc) => oc.column("id").doNothing())
        .execute();
      await context.db
        .insertInto("sandbox_members")
        .values({
          guild_id: guildId,
          user_id: userId,
          nick: options.nick ?? null,
          roles: JSON.stringify(options.roleIds ?? []),
          joined_at: Date.now(),
          timeout_until: null,
        })
        .execute();
      context.guilds.delete(guildId);
      context.users.delete(userId);
      const member = await port.getMember(guildId, userId);
      if (!member) throw new DiscordError("unknown_member", `Unknown member ${userId}`);
      await context.events.emit("memberAdd", member);
      return member;
    },
    async simulateMemberLeave(guildId: string, userId: string): Promise<void> {
      const member = await port.getMember(guildId, userId);
      if (!member) throw new DiscordError("unknown_member", `Unknown member ${userId}`);
      await context.db
        .deleteFrom("sandbox_members")
        .where("guild_id", "=", guildId)
        .where("user_id", "=", userId)
        .execute();
      context.guilds.delete(guildId);
      await context.events.emit("memberRemove", { guildId, user: member.user });
    },
    async simulatePresence(
      guildId: string,
      userId: string,
      presence: Partial<Omit<PresenceEvent, "guildId" | "userId">> = {},
    ): Promise<void> {
      await context.events.emit("presenceUpdate", {
        status: "online",
        customStatus: null,
        ...presence,
        guildId,
        userId,
      });
    },
    /** An admin edits a role in Discord's settings (e.g. grants it a dangerous permission). */
    async simulateRoleUpdate(
      guildId: string,
      roleId: string,
      changes: RoleChanges & { position?: number },
    ): Promise<RoleInfo> {
      const role = await updateRole(context, guildId, roleId, changes);
      await context.events.emit("roleUpdate", role);
      return role;
    },
    /** An admin deletes a role: it leaves every member and every channel overwrite. */
    async simulateRoleDelete(guildId: string, roleId: string): Promise<void> {
      await removeRole(context, guildId, roleId);
      await context.events.emit("roleDelete", { guildId, roleId });
    },
    /** An admin deletes a channel, with its messages. */
    async simulateChannelDelete(channelId: string): Promise<void> {
      const channel = await requireChannel(context, channelId);
      await removeChannel(context, channel.guild_id, channelId);
      await context.events.emit("channelDelete", { guildId: channel.guild_id, channelId });
    },
    /** An admin uploads a custom emoji to a server (tests, demo). */
    async addEmoji(guildId: string, name: string, animated = false): Promise<EmojiInfo> {
      await requireGuild(context, guildId);
      const emoji: EmojiInfo = { id: makeSnowflake(), name, animated };
      await context.db
        .insertInto("sandbox_emojis")
        .values({ id: emoji.id, guild_id: guildId, name, animated: animated ? 1 : 0, created_at: Date.now() })
        .execute();
      return emoji;
    },
    /**
     * A member boosts the server: Discord gives them its managed booster role, counts the boost (the
     * level follows at 2, 7 and 14 boosts) and tells the bot with a member update.
     */
    async simulateBoost(guildId: string, userId: string): Promise<MemberInfo> {
      const member = await port.getMember(guildId, userId);
      if (!member) throw new DiscordError("unknown_member", `Unknown member ${userId}`);
      const guild = await context.db
        .selectFrom("sandbox_guilds")
        .select("boost_count")
        .where("id", "=", guildId)
        .executeTakeFirstOrThrow();
      const boosts = Number(guild.boost_count) + 1;
      const level = boosts >= 14 ? 3 : boosts >= 7 ? 2 : boosts >= 2 ? 1 : 0;
      const booster = await context.db
        .selectFrom("sandbox_roles")
        .select("id")
        .where("guild_id", "=", guildId)
        .where("managed", "=", 1)
        .where("name", "=", "Server Booster")
        .executeTakeFirst();
      const roleIds =
        booster && !member.roleIds.includes(booster.id) ? [...member.roleIds, booster.id] : member.roleIds;
      await context.db.transaction().execute(async (trx) => {
        await trx
          .updateTable("sandbox_guilds")
          .set({ boost_count: boosts, boost_level: level })
          .where("id", "=", guildId)
          .execute();
        await trx
          .updateTable("sandbox_members")
          .set({ roles: JSON.stringify(roleIds) })
          .where("guild_id", "=", guildId)
          .where("user_id", "=", userId)
          .execute();
      });
      context.guilds.delete(guildId);
      const updated = { ...member, roleIds };
      await context.events.emit("memberUpdate", updated);
      context.changes.notify(guildId);
      return updated;
    },
  };
}
