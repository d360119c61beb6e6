import { PostgresAdapter } from "kysely";
import { makeSnowflake } from "../../lib/snowflake.ts";
import {
  type ChannelInfo,
  DiscordError,
  type DiscordPort,
  type GuildInfo,
  type NewChannel,
  type PermissionOverwrite,
} from "../port/port.ts";
import { requireChannel, requireGuild, type SandboxContext } from "./context.ts";
import { record } from "./outbox.ts";
import { parseJson, toChannel } from "./rows.ts";

// The sandbox's guilds and their channels, with the channels' permission overwrites.

async function loadGuild(context: SandboxContext, guildId: string): Promise<GuildInfo | null> {
  const guild = await context.db
    .selectFrom("sandbox_guilds")
    .selectAll()
    .where("id", "=", guildId)
    .executeTakeFirst();
  if (!guild) return null;
  const { count } = await context.db
    .selectFrom("sandbox_members")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("guild_id", "=", guildId)
    .executeTakeFirstOrThrow();
  return {
    id: guild.id,
    name: guild.name,
    icon: guild.icon,
    ownerId: guild.owner_id,
    memberCount: Number(count),
    description: guild.description,
    boostCount: guild.boost_count,
    boostLevel: guild.boost_level,
    createdAt: guild.created_at,
  };
}

/** The channel goes, and with it its messages and their reactions. */
export async function removeChannel(context: SandboxContext, guildId: string, channelId: string) {
  await context.db.transaction().execute(async (trx) => {
    await trx.deleteFrom("sandbox_channels").where("id", "=", channelId).execute();
    await trx
      .updateTable("sandbox_messages")
      .set({ deleted_at: Date.now() })
      .where("channel_id", "=", channelId)
      .where("deleted_at", "is", null)
      .execute();
    await trx.deleteFrom("sandbox_reactions").where("channel_id", "=", channelId).execute();
    // Children of a deleted category stay, without a parent, as on Discord.
    await trx
      .updateTable("sandbox_channels")
      .set({ parent_id: null })
      .where("guild_id", "=", guildId)
      .where("parent_id", "=", channelId)
      .execute();
  });
}

async function changeOverwrites(
  context: SandboxContext,
  channelId: string,
  change: (overwrites: PermissionOverwrite[]) => PermissionOverwrite[],
): Promise<void> {
  await context.db.transaction().execute(async (trx) => {
    let read = trx.selectFrom("sandbox_channels").select("permission_overwrites").where("id", "=", channelId);
    if (context.db.getExecutor().adapter instanceof PostgresAdapter) read = read.forUpdate();
    const row = await read.executeTakeFirst();
    if (!row) throw new DiscordError("unknown_channel", `Unknown channel ${channelId}`);
    const next = change(parseJson<PermissionOverwrite[]>(row.permission_overwrites, []));
    await trx
      .updateTable("sandbox_channels")
      .set({ permission_overwrites: JSON.stringify(next) })
      .where("id", "=", channelId)
      .execute();
  });
}

/** The port's guild and channel calls over the sandbox's tables, for the directory to assemble with the other parts. */
export function guildsPart(context: SandboxContext, port: DiscordPort) {
  return {
    /** The guild as last read, if it still is; undefined when only a read can tell. */
    peekGuild(guildId: string): GuildInfo | null | undefined {
      return context.guilds.get(guildId);
    },
    async listGuilds(): Promise<GuildInfo[]> {
      const guilds = await context.db.selectFrom("sandbox_guilds").select("id").orderBy("id").execute();
      const infos = await Promise.all(guilds.map((guild) => port.getGuild(guild.id)));
      return infos.filter((info): info is GuildInfo => info !== null);
    },
    getGuild(guildId: string): Promise<GuildInfo | null> {
      return context.guilds.getOrLoad(guildId, () => loadGuild(context, guildId));
    },
    /**
     * The bot leaves a sandbox guild. The sandbox counts every guild it holds as one the bot is in, so
     * the guild's row goes (its channels, roles and members stay behind, out of the bot's sight, as a
     * server it left is on Discord), with a GUILD_DELETE like Discord's.
     */
    async leaveGuild(guildId: string): Promise<void> {
      const { numDeletedRows } = await context.db
        .deleteFrom("sandbox_guilds")
        .where("id", "=", guildId)
        .executeTakeFirst();
      context.guilds.delete(guildId);
      await record(context, guildId, "leaveGuild", {});
      if (numDeletedRows > 0n) await context.events.emit("guildDelete", { guildId });
    },
    async listChannels(guildId: string): Promise<ChannelInfo[]> {
      const rows = await context.db
        .selectFrom("sandbox_channels")
        .selectAll()
        .where("guild_id", "=", guildId)
        .orderBy("position")
        .orderBy("id")
        .execute();
      return rows.map(toChannel);
    },
    async createChannel(guildId: string, channel: NewChannel, reason?: string): Promise<ChannelInfo> {
      await requireGuild(context, guildId);
      const { max } = await context.db
        .selectFrom("sandbox_channels")
        .select((eb) => eb.fn.max<number>("position").as("max"))
        .where("guild_id", "=", guildId)
        .executeTakeFirstOrThrow();
      const row = {
        id: makeSnowflake(),
        guild_id: guildId,
        name: channel.name,
        type: channel.type,
        parent_id: channel.parentId ?? null,
        position: (max ?? 0) + 1,
        topic: channel.topic ?? null,
        nsfw: channel.nsfw ? 1 : 0,
        permission_overwrites: JSON.stringify(channel.permissionOverwrites ?? []),
      };
      await context.db.insertInto("sandbox_channels").values(row).execute();
      await record(context, guildId, "channel.create", { channel: toChannel(row), reason });
      return toChannel(row);
    },
    async getChannel(channelId: string): Promise<ChannelInfo | null> {
      const row = await context.db
        .selectFrom("sandbox_channels")
        .selectAll()
        .where("id", "=", channelId)
        .executeTakeFirst();
      return row ? toChannel(row) : null;
    },
    async deleteChannel(channelId: string, reason?: string) {
      const channel = await requireChannel(context, channelId);
      await removeChannel(context, channel.guild_id, channelId);
      await record(context, channel.guild_id, "channel.delete", { channelId, reason });
      await context.events.emit("channelDelete", { guildId: channel.guild_id, channelId });
    },
    async setChannelPermission(
      channelId: string,
      overwrite: PermissionOverwrite,
      reason?: string,
    ): Promise<void> {
      const channel = await requireChannel(context, channelId);
      const clean: PermissionOverwrite = {
        id: overwrite.id,
        type: overwrite.type,
        allow: overwrite.allow || "0",
        deny: overwrite.deny || "0",
      };
      await changeOverwrites(context, channelId, (all) => [...all.filter((o) => o.id !== clean.id), clean]);
      await record(context, channel.guild_id, "channel.permission.set", {
        channelId,
        overwrite: clean,
        reason,
      });
    },
    async removeChannelPermission(channelId: string, targetId: string, reason?: string): Promise<void> {
      const channel = await requireChannel(context, channelId);
      await changeOverwrites(context, channelId, (all) => all.filter((o) => o.id !== targetId));
      await record(context, channel.guild_id, "channel.permission.remove", { channelId, targetId, reason });
    },
  } satisfies Partial<DiscordPort>;
}
