import {
  type APIInteraction,
  type APIUser,
  type Client,
  Events,
  GatewayDispatchEvents,
  type GatewayGuildCreateDispatchData,
  type GatewayGuildDeleteDispatchData,
  type GatewayGuildMemberAddDispatchData,
  type GatewayGuildMemberRemoveDispatchData,
  type GatewayGuildMemberUpdateDispatchData,
  type GatewayGuildRoleDeleteDispatchData,
  type GatewayGuildRoleUpdateDispatchData,
  type GatewayInviteCreateDispatchData,
  type GatewayInviteDeleteDispatchData,
  type GatewayMessageCreateDispatchData,
  type GatewayMessageDeleteBulkDispatchData,
  type GatewayMessageDeleteDispatchData,
  type GatewayMessageUpdateDispatchData,
  type GatewayPresenceUpdateDispatchData,
  type REST,
} from "discord.js";
import type { Logger } from "../../lib/logger.ts";
import type { BotEvents, MemberEvent, ReactionEvent } from "../port/events.ts";
import { Interaction } from "../port/interaction.ts";
import { interactionFromApi, restTransport } from "./interactions.ts";
import { inviteFromApi } from "./invites.ts";
import { embedFromApi } from "./mapping-embeds.ts";
import { type ApiEmoji, reactionEmojiFromApi } from "./mapping-emojis.ts";
import { guildFromApi, roleFromApi } from "./mapping-guilds.ts";
import { attachmentFromApi } from "./mapping-messages.ts";
import { type ApiMember, memberFromApi, primaryGuildFromApi, userFromApi } from "./mapping-users.ts";

/** The gateway's health in the log: errors never propagate, and a shard that gives up says why. */
export function logClientHealth(client: Client, logger: Logger): void {
  client.on(Events.Error, (error) => logger.error({ err: error }, "discord.js error"));
  client.on(Events.ShardError, (error, shardId) =>
    logger.error({ err: error, shardId }, "gateway shard error"),
  );
  client.on(Events.Warn, (message) => logger.warn({ discord: message }, "discord.js warning"));
  client.on(Events.Debug, (message) => logger.trace({ discord: message }, "discord.js debug"));
  client.on(Events.ShardReady, (shardId) => logger.info({ shardId }, "gateway shard ready"));
  client.on(Events.ShardResume, (shardId, replayed) =>
    logger.info({ shardId, replayed }, "gateway shard resumed"),
  );
  client.on(Events.ShardDisconnect, (event, shardId) => {
    const hint =
      event.code === 4014
        ? " (switch on the Server Members, Presence and Message Content intents in the developer portal)"
        : "";
    logger.error({ shardId, code: event.code }, `gateway shard closed for good${hint}`);
  });
}

/**
 * Forwards gateway dispatches to the bot's events. The raw payloads are read, not discord.js's
 * structures: they carry the member or user in full, which the bounded caches deliberately don't keep.
 */
export function forwardGatewayEvents(client: Client, rest: REST, events: BotEvents, logger: Logger): void {
  const on = <T>(event: GatewayDispatchEvents, handle: (data: T) => void) => {
    client.ws.on(event, (data: T) => {
      try {
        handle(data);
      } catch (error) {
        logger.error({ err: error, event }, "could not read a gateway event");
      }
    });
  };
  on<GatewayGuildCreateDispatchData>(GatewayDispatchEvents.GuildCreate, (guild) => {
    if (!guild.unavailable) void events.emit("guildCreate", guildFromApi(guild));
  });
  on<GatewayGuildDeleteDispatchData>(GatewayDispatchEvents.GuildDelete, (guild) => {
    // `unavailable` means an outage; without it the bot was removed.
    if (!guild.unavailable) void events.emit("guildDelete", { guildId: guild.id });
  });
  on<GatewayGuildMemberAddDispatchData>(GatewayDispatchEvents.GuildMemberAdd, (member) => {
    void events.emit("memberAdd", memberEvent(member.guild_id, member));
  });
  on<GatewayGuildMemberUpdateDispatchData>(GatewayDispatchEvents.GuildMemberUpdate, (member) => {
    void events.emit("memberUpdate", memberEvent(member.guild_id, member));
  });
  on<GatewayGuildMemberRemoveDispatchData>(GatewayDispatchEvents.GuildMemberRemove, (data) => {
    void events.emit("memberRemove", { guildId: data.guild_id, user: userFromApi(data.user) });
  });
  on<GatewayPresenceUpdateDispatchData>(GatewayDispatchEvents.PresenceUpdate, (presence) => {
    const user = presence.user as Partial<APIUser> & { id: string };
    void events.emit("presenceUpdate", {
      guildId: presence.guild_id,
      userId: user.id,
      status: presence.status ?? "offline",
      customStatus: presence.activities?.find((activity) => activity.type === 4)?.state ?? null,
      ...("primary_guild" in user ? { primaryGuild: primaryGuildFromApi(user.primary_guild) } : {}),
    });
  });
  on<GatewayMessageCreateDispatchData>(GatewayDispatchEvents.MessageCreate, (message) => {
    void events.emit("messageCreate", {
      id: message.id,
      channelId: message.channel_id,
      guildId: message.guild_id ?? null,
      author: userFromApi(message.author),
      content: message.content ?? "",
      // Guild messages carry the author's member (webhooks' don't); DMs have none.
      memberRoleIds: message.guild_id && message.member ? message.member.roles : null,
      mentionUserIds: (message.mentions ?? []).map((user) => user.id),
      attachments: (message.attachments ?? []).map(attachmentFromApi),
      embeds: (message.embeds ?? []).map(embedFromApi),
      webhookId: message.webhook_id ?? null,
      createdAt: Date.parse(message.timestamp),
    });
  });
  on<RawReaction>(GatewayDispatchEvents.MessageReactionAdd, (reaction) => {
    const event = reactionEvent(reaction);
    if (event) void events.emit("reactionAdd", event);
  });
  on<RawReaction>(GatewayDispatchEvents.MessageReactionRemove, (reaction) => {
    const event = reactionEvent(reaction);
    if (event) void events.emit("reactionRemove", event);
  });
  on<RawReactionClear>(GatewayDispatchEvents.MessageReactionRemoveAll, (clear) => {
    if (!clear.guild_id) return;
    void events.emit("reactionClear", {
      guildId: clear.guild_id,
      channelId: clear.channel_id,
      messageId: clear.message_id,
      emoji: null,
    });
  });
  on<RawReactionClear>(GatewayDispatchEvents.MessageReactionRemoveEmoji, (clear) => {
    if (!clear.guild_id || !clear.emoji) return;
    void events.emit("reactionClear", {
      guildId: clear.guild_id,
      channelId: clear.channel_id,
      messageId: clear.message_id,
      emoji: reactionEmojiFromApi(clear.emoji),
    });
  });
  on<GatewayInviteCreateDispatchData>(GatewayDispatchEvents.InviteCreate, (invite) => {
    if (!invite.guild_id) return;
    void events.emit("inviteCreate", { guildId: invite.guild_id, invite: inviteFromApi(invite) });
  });
  on<GatewayInviteDeleteDispatchData>(GatewayDispatchEvents.InviteDelete, (invite) => {
    if (invite.guild_id) void events.emit("inviteDelete", { guildId: invite.guild_id, code: invite.code });
  });
  on<GatewayMessageUpdateDispatchData>(GatewayDispatchEvents.MessageUpdate, (message) => {
    void events.emit("messageUpdate", {
      guildId: message.guild_id ?? null,
      channelId: message.channel_id,
      messageId: message.id,
    });
  });
  on<GatewayMessageDeleteDispatchData>(GatewayDispatchEvents.MessageDelete, (message) => {
    void events.emit("messageDelete", {
      guildId: message.guild_id ?? null,
      channelId: message.channel_id,
      messageId: message.id,
    });
  });
  on<GatewayMessageDeleteBulkDispatchData>(GatewayDispatchEvents.MessageDeleteBulk, (bulk) => {
    for (const id of bulk.ids) {
      void events.emit("messageDelete", {
        guildId: bulk.guild_id ?? null,
        channelId: bulk.channel_id,
        messageId: id,
      });
    }
  });
  on<GatewayGuildRoleUpdateDispatchData>(GatewayDispatchEvents.GuildRoleUpdate, (data) => {
    void events.emit("roleUpdate", roleFromApi(data.guild_id, data.role));
  });
  on<GatewayGuildRoleDeleteDispatchData>(GatewayDispatchEvents.GuildRoleDelete, (data) => {
    void events.emit("roleDelete", { guildId: data.guild_id, roleId: data.role_id });
  });
  on<{ id: string; guild_id?: string }>(GatewayDispatchEvents.ChannelDelete, (channel) => {
    // DM channels have no guild: nothing of ours lives there.
    if (channel.guild_id)
      void events.emit("channelDelete", { guildId: channel.guild_id, channelId: channel.id });
  });
  on<APIInteraction>(GatewayDispatchEvents.InteractionCreate, (raw) => {
    const data = interactionFromApi(raw);
    if (data) void events.emit("interactionCreate", new Interaction(data, restTransport(rest, raw)));
  });
}

/** MESSAGE_REACTION_ADD / _REMOVE as sent (removes carry neither the member nor the message's author). */
interface RawReaction {
  user_id: string;
  channel_id: string;
  message_id: string;
  guild_id?: string;
  emoji: ApiEmoji;
  message_author_id?: string;
}

interface RawReactionClear {
  channel_id: string;
  message_id: string;
  guild_id?: string;
  emoji?: ApiEmoji;
}

/** A reaction in a guild as the bot's event; reactions in DMs are not followed by any feature. */
export function reactionEvent(reaction: RawReaction): ReactionEvent | null {
  if (!reaction.guild_id) return null;
  return {
    guildId: reaction.guild_id,
    channelId: reaction.channel_id,
    messageId: reaction.message_id,
    userId: reaction.user_id,
    emoji: reactionEmojiFromApi(reaction.emoji),
    messageAuthorId: reaction.message_author_id ?? null,
  };
}

function memberEvent(guildId: string, member: ApiMember & { user: APIUser }): MemberEvent {
  return {
    ...memberFromApi(guildId, member),
    ...("primary_guild" in member.user
      ? { primaryGuild: primaryGuildFromApi(member.user.primary_guild) }
      : {}),
  };
}
