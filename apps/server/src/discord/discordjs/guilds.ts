import {
  type APIChannel,
  type RESTAPIPartialCurrentUserGuild,
  type RESTGetAPIGuildResult,
  Routes,
} from "discord.js";
import type { ChannelInfo, DiscordPort, GuildInfo, NewChannel, PermissionOverwrite } from "../port/port.ts";
import {
  byPosition,
  cacheAction,
  cachedGuild,
  cachedOverwrites,
  call,
  type DiscordJsContext,
  forgetChannel,
  orNull,
} from "./context.ts";
import {
  channelFromApi,
  channelFromCache,
  guildFromApi,
  guildFromCache,
  overwriteBody,
} from "./mapping-guilds.ts";

// Guilds and their channels over discord.js, with the channels' permission overwrites.

/** The port's guild and channel calls over discord.js, for the adapter to assemble with the other parts. */
export function guildsPart(context: DiscordJsContext, port: DiscordPort) {
  return {
    async listGuilds(): Promise<GuildInfo[]> {
      const ids: string[] = [];
      // The gateway cache may hold only this process's shards: REST lists every guild.
      for (let after = "0"; ; ) {
        const query = new URLSearchParams({ limit: "200", after });
        const page = (await call(() =>
          context.rest.get(Routes.userGuilds(), { query }),
        )) as RESTAPIPartialCurrentUserGuild[];
        ids.push(...page.map((guild) => guild.id));
        const last = page.at(-1);
        if (!last || page.length < 200) break;
        after = last.id;
      }
      const guilds = await Promise.all(ids.map((id) => port.getGuild(id)));
      return guilds.filter((guild): guild is GuildInfo => guild !== null);
    },
    /** The guild from the gateway's cache or the REST cache; undefined when only a REST call can tell. */
    peekGuild(guildId: string): GuildInfo | null | undefined {
      const cached = cachedGuild(context, guildId);
      return cached ? guildFromCache(cached) : context.guilds.get(guildId);
    },
    async getGuild(guildId: string): Promise<GuildInfo | null> {
      const held = port.peekGuild(guildId);
      if (held !== undefined) return held;
      return context.guilds.getOrLoad(guildId, async () => {
        const query = new URLSearchParams({ with_counts: "true" });
        const guild = await orNull(() => context.rest.get(Routes.guild(guildId), { query }), "unknown_guild");
        return guild ? guildFromApi(guild as RESTGetAPIGuildResult) : null;
      });
    },
    async leaveGuild(guildId: string): Promise<void> {
      await orNull(() => context.rest.delete(Routes.userGuild(guildId)), "unknown_guild");
      context.guilds.delete(guildId);
    },
    async listChannels(guildId: string): Promise<ChannelInfo[]> {
      const cached = cachedGuild(context, guildId);
      const channels = cached
        ? cached.channels.cache.filter((channel) => !channel.isThread()).map(channelFromCache)
        : await context.channels.getOrLoad(guildId, async () => {
            const rows = await orNull(() => context.rest.get(Routes.guildChannels(guildId)), "unknown_guild");
            return ((rows ?? []) as APIChannel[]).map((channel) => channelFromApi(guildId, channel));
          });
      return [...channels].sort(byPosition);
    },
    async createChannel(guildId: string, channel: NewChannel, reason?: string): Promise<ChannelInfo> {
      const body = {
        name: channel.name,
        type: channel.type,
        parent_id: channel.parentId ?? null,
        topic: channel.topic,
        nsfw: channel.nsfw,
        permission_overwrites: channel.permissionOverwrites?.map(overwriteBody),
      };
      const created = await call(() => context.rest.post(Routes.guildChannels(guildId), { body, reason }));
      context.channels.delete(guildId);
      cacheAction(context, "ChannelCreate", created);
      return channelFromApi(guildId, created as APIChannel & { guild_id: string });
    },
    /** From the gateway cache when this process holds the channel, else REST (null for DM channels). */
    async getChannel(channelId: string): Promise<ChannelInfo | null> {
      const cached = context.client?.channels.cache.get(channelId);
      if (cached && "guild" in cached && !cached.isThread() && cachedGuild(context, cached.guildId)) {
        return channelFromCache(cached);
      }
      return context.channel.getOrLoad(channelId, async () => {
        const channel = (await orNull(
          () => context.rest.get(Routes.channel(channelId)),
          "unknown_channel",
        )) as (APIChannel & { guild_id?: string }) | null;
        return channel?.guild_id ? channelFromApi(channel.guild_id, channel) : null;
      });
    },
    async deleteChannel(channelId: string, reason?: string): Promise<void> {
      const deleted = (await call(() => context.rest.delete(Routes.channel(channelId), { reason }))) as {
        guild_id?: string;
      } | null;
      forgetChannel(context, deleted?.guild_id ?? null, channelId);
      cacheAction(context, "ChannelDelete", { id: channelId });
    },
    async setChannelPermission(
      channelId: string,
      overwrite: PermissionOverwrite,
      reason?: string,
    ): Promise<void> {
      const { type, allow, deny } = overwriteBody(overwrite);
      await call(() =>
        context.rest.put(Routes.channelPermission(channelId, overwrite.id), {
          body: { type, allow, deny },
          reason,
        }),
      );
      forgetChannel(context, null, channelId);
      cachedOverwrites(context, channelId)?._add({ id: overwrite.id, type, allow, deny });
    },
    async removeChannelPermission(channelId: string, targetId: string, reason?: string): Promise<void> {
      await call(() => context.rest.delete(Routes.channelPermission(channelId, targetId), { reason }));
      forgetChannel(context, null, channelId);
      cachedOverwrites(context, channelId)?.cache.delete(targetId);
    },
  } satisfies Partial<DiscordPort>;
}
