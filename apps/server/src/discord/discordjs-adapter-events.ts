import {
  type APIApplicationCommandInteractionDataOption,
  type APIInteraction,
  type APIUser,
  ApplicationCommandOptionType,
  ApplicationCommandType,
  type Client,
  ComponentType,
  Events,
  GatewayDispatchEvents,
  type GatewayGuildCreateDispatchData,
  type GatewayGuildDeleteDispatchData,
  type GatewayGuildMemberAddDispatchData,
  type GatewayGuildMemberRemoveDispatchData,
  type GatewayGuildMemberUpdateDispatchData,
  type GatewayMessageCreateDispatchData,
  type GatewayPresenceUpdateDispatchData,
  InteractionResponseType,
  InteractionType,
  MessageFlags,
  type REST,
  Routes,
} from "discord.js";
import type { BotEvents, MemberEvent } from "../bot/events.ts";
import {
  type CommandData,
  Interaction,
  type InteractionData,
  type InteractionTransport,
  type OptionValue,
} from "../bot/interaction.ts";
import type { Logger } from "../lib/logger.ts";
import {
  type ApiMember,
  guildFromApi,
  memberFromApi,
  messageBody,
  primaryGuildFromApi,
  toDiscordError,
  userFromApi,
} from "./discordjs-adapter-mapping.ts";
import type { MemberInfo, UserInfo } from "./port.ts";

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
        ? " (switch on the Server Members and Presence intents in the developer portal)"
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
      webhookId: message.webhook_id ?? null,
      createdAt: Date.parse(message.timestamp),
    });
  });
  on<APIInteraction>(GatewayDispatchEvents.InteractionCreate, (raw) => {
    const data = interactionFromApi(raw);
    if (data) void events.emit("interactionCreate", new Interaction(data, restTransport(rest, raw)));
  });
}

function memberEvent(guildId: string, member: ApiMember & { user: APIUser }): MemberEvent {
  return {
    ...memberFromApi(guildId, member),
    ...("primary_guild" in member.user
      ? { primaryGuild: primaryGuildFromApi(member.user.primary_guild) }
      : {}),
  };
}

/** A slash command or a button click as the router's data; other interactions are not handled yet. */
export function interactionFromApi(raw: APIInteraction): InteractionData | null {
  if (raw.type === InteractionType.Ping) return null;
  const apiUser = raw.member?.user ?? raw.user;
  if (!apiUser) return null;
  const guildId = raw.guild_id ?? null;
  const base = {
    id: raw.id,
    guildId,
    channelId: raw.channel?.id ?? raw.channel_id ?? null,
    user: userFromApi(apiUser),
    member:
      raw.member && guildId
        ? { ...memberFromApi(guildId, raw.member), permissions: raw.member.permissions }
        : null,
    botPermissions: raw.app_permissions ?? null,
    locale: raw.locale ?? null,
  };
  if (raw.type === InteractionType.ApplicationCommand && raw.data.type === ApplicationCommandType.ChatInput) {
    const users: Record<string, UserInfo> = {};
    const members: Record<string, MemberInfo> = {};
    for (const [id, user] of Object.entries(raw.data.resolved?.users ?? {})) users[id] = userFromApi(user);
    for (const [id, member] of Object.entries(raw.data.resolved?.members ?? {})) {
      const user = raw.data.resolved?.users?.[id];
      if (user && guildId) members[id] = memberFromApi(guildId, member, user);
    }
    return {
      kind: "command",
      ...base,
      name: raw.data.name,
      ...flattenOptions(raw.data.options ?? []),
      resolved: { users, members },
    };
  }
  if (raw.type === InteractionType.MessageComponent && raw.data.component_type === ComponentType.Button) {
    return { kind: "button", ...base, customId: raw.data.custom_id, messageId: raw.message.id };
  }
  return null;
}

function flattenOptions(
  options: APIApplicationCommandInteractionDataOption[],
): Pick<CommandData, "subcommandGroup" | "subcommand" | "options"> {
  let subcommandGroup: string | null = null;
  let subcommand: string | null = null;
  let leaves = options;
  const first = leaves[0];
  if (first?.type === ApplicationCommandOptionType.SubcommandGroup) {
    subcommandGroup = first.name;
    leaves = first.options;
  }
  const next = leaves[0];
  if (next?.type === ApplicationCommandOptionType.Subcommand) {
    subcommand = next.name;
    leaves = next.options ?? [];
  }
  const values: Record<string, OptionValue> = {};
  for (const option of leaves) {
    if ("value" in option) values[option.name] = option.value;
  }
  return { subcommandGroup, subcommand, options: values };
}

/** Answers an interaction over REST: its callback first, then its webhook (no bot token needed). */
export function restTransport(
  rest: REST,
  raw: { id: string; token: string; application_id: string },
): InteractionTransport {
  const call = async <T>(request: () => Promise<T>): Promise<T> => {
    try {
      return await request();
    } catch (error) {
      throw toDiscordError(error);
    }
  };
  const flags = (ephemeral: boolean) => (ephemeral ? MessageFlags.Ephemeral : undefined);
  const original = Routes.webhookMessage(raw.application_id, raw.token, "@original");
  return {
    async respond(response) {
      const body =
        response.type === "reply"
          ? {
              type: InteractionResponseType.ChannelMessageWithSource,
              data: { ...messageBody(response.message), flags: flags(response.ephemeral) },
            }
          : response.type === "defer"
            ? {
                type: InteractionResponseType.DeferredChannelMessageWithSource,
                data: { flags: flags(response.ephemeral) },
              }
            : response.type === "deferUpdate"
              ? { type: InteractionResponseType.DeferredMessageUpdate }
              : {
                  type: InteractionResponseType.UpdateMessage,
                  data: messageBody(response.message, { replace: true }),
                };
      await call(() => rest.post(Routes.interactionCallback(raw.id, raw.token), { body, auth: false }));
    },
    async editOriginal(message) {
      await call(() => rest.patch(original, { body: messageBody(message, { replace: true }), auth: false }));
    },
    async deleteOriginal() {
      await call(() => rest.delete(original, { auth: false }));
    },
    async followUp(message, ephemeral) {
      const sent = (await call(() =>
        rest.post(Routes.webhook(raw.application_id, raw.token), {
          body: { ...messageBody(message), flags: flags(ephemeral) },
          query: new URLSearchParams({ wait: "true" }),
          auth: false,
        }),
      )) as { id: string; channel_id: string };
      return { id: sent.id, channelId: sent.channel_id };
    },
  };
}
