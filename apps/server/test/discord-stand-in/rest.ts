import type { APIRole } from "discord.js";
import { parseMentions, reactionKey, type StandInState, type StoredMessage } from "./state.ts";

// The REST routes the adapter uses, under /api/v10, answered from the stand-in's state with
// Discord's JSON shapes and error codes. Writes change the state; as on Discord, channel and role
// writes are also sent to the gateway (CHANNEL_CREATE/UPDATE/DELETE, GUILD_ROLE_CREATE/UPDATE/DELETE,
// before the answer, so the client's cache is current when the call returns). Other writes (messages,
// reactions, member roles) dispatch nothing: tests play other users through DiscordStandIn's helpers.

export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export interface RestRequest {
  params: Record<string, string>;
  query: URLSearchParams;
  body: Record<string, unknown>;
  /** Sends a gateway event before the answer goes out. */
  emit: (event: string, data: unknown) => void;
}

/** An answer: a JSON body (200), or null for 204 No Content. */
type Handler = (request: RestRequest) => unknown;

const unknown = (what: string, code: number) => new RestError(404, code, `Unknown ${what}`);

/** Interactions the stand-in dispatched: their token, when, and whether they were answered. */
export interface InteractionRecord {
  token: string;
  channelId: string;
  guildId: string | null;
  dispatchedAt: number;
  acknowledged: boolean;
  /** The reply (commands) or the message the button is on (buttons). */
  originalId: string | null;
}

/** A form the bot opened (interaction callback of type 9), as Discord received it. */
export interface ModalRecord {
  interactionId: string;
  custom_id: string;
  title: string;
  // biome-ignore lint/suspicious/noExplicitAny: the raw components are asserted on freely in tests
  components: any[];
  /** The text inputs, flattened out of their action rows. */
  fields: {
    custom_id: string;
    label: string;
    style: number;
    required?: boolean;
    min_length?: number;
    max_length?: number;
    placeholder?: string;
    value?: string;
  }[];
}

export function restRoutes(
  state: StandInState,
  interactions: Map<string, InteractionRecord>,
  modals: ModalRecord[] = [],
): [method: string, pattern: string, handler: Handler][] {
  const guildOf = (id: string | undefined) => {
    const guild = state.guilds.get(id ?? "");
    if (!guild) throw unknown("Guild", 10004);
    return guild;
  };
  const memberOf = (guildId: string | undefined, userId: string | undefined) => {
    const member = guildOf(guildId).members.get(userId ?? "");
    if (!member) throw unknown("Member", 10007);
    return member;
  };
  const roleOf = (guildId: string | undefined, roleId: string | undefined) => {
    const role = guildOf(guildId).roles.get(roleId ?? "");
    if (!role) throw unknown("Role", 10011);
    return role;
  };
  const postMessage = (channelId: string, body: Record<string, unknown>, author = state.botUser) => {
    const guild = state.channelGuild(channelId);
    if (guild === undefined) throw unknown("Channel", 10003);
    const recipient = state.users.get(state.dmChannels.get(channelId) ?? "");
    if (recipient?.dmClosed) throw new RestError(403, 50007, "Cannot send messages to this user");
    const content = String(body.content ?? "");
    const mentions = parseMentions(content);
    const message: StoredMessage = {
      id: state.snowflake(),
      channel_id: channelId,
      ...(guild ? { guild_id: guild.id } : {}),
      author,
      content,
      embeds: (body.embeds as unknown[]) ?? [],
      components: (body.components as unknown[]) ?? [],
      flags: Number(body.flags ?? 0),
      timestamp: new Date().toISOString(),
      edited_timestamp: null,
      mentionUserIds: mentions.users,
      mentionRoleIds: mentions.roles,
    };
    state.messages.set(message.id, message);
    return state.apiMessage(message);
  };
  const editMessage = (message: StoredMessage, body: Record<string, unknown>) => {
    if ("content" in body) {
      message.content = String(body.content ?? "");
      const mentions = parseMentions(message.content);
      message.mentionUserIds = mentions.users;
      message.mentionRoleIds = mentions.roles;
    }
    if ("embeds" in body) message.embeds = (body.embeds as unknown[]) ?? [];
    if ("components" in body) message.components = (body.components as unknown[]) ?? [];
    message.edited_timestamp = new Date().toISOString();
    return state.apiMessage(message);
  };
  const messageOf = (channelId: string | undefined, messageId: string | undefined) => {
    const message = state.messages.get(messageId ?? "");
    if (!message || message.channel_id !== channelId) throw unknown("Message", 10008);
    return message;
  };
  const channelOf = (channelId: string | undefined) => {
    const guild = state.channelGuild(channelId ?? "");
    const channel = guild?.channels.get(channelId ?? "");
    if (!guild || !channel) throw unknown("Channel", 10003);
    return { guild, channel };
  };
  /** A reaction route's emoji (`⭐` or `name:id`); a custom emoji must exist, as on Discord. */
  const emojiOf = (text: string | undefined) => {
    const emoji = state.reactionEmoji(text ?? "");
    if (emoji.id && !state.findEmoji(emoji.id)) throw new RestError(400, 10014, "Unknown Emoji");
    return emoji;
  };
  const interactionOf = (token: string | undefined) => {
    for (const record of interactions.values()) if (record.token === token) return record;
    throw unknown("Webhook", 10015);
  };
  const original = (record: InteractionRecord) => {
    const message = state.messages.get(record.originalId ?? "");
    if (!message) throw unknown("Message", 10008);
    return message;
  };

  return [
    ["GET", "/users/@me", () => state.botUser],
    ["GET", "/applications/@me", () => ({ id: state.appId, name: "Hearth", bot: state.botUser })],
    [
      "GET",
      "/users/@me/guilds",
      ({ query }) =>
        [...state.guilds.values()]
          .filter((guild) => BigInt(guild.id) > BigInt(query.get("after") ?? "0"))
          .slice(0, Number(query.get("limit") ?? 200))
          .map((guild) => ({ id: guild.id, name: guild.name, icon: guild.icon, owner: false, features: [] })),
    ],
    [
      "GET",
      "/users/:user",
      ({ params }) => {
        const user = state.users.get(params.user ?? "");
        if (!user) throw unknown("User", 10013);
        const { dmClosed: _, ...apiUser } = user;
        return apiUser;
      },
    ],
    [
      "POST",
      "/users/@me/channels",
      ({ body }) => {
        const userId = String(body.recipient_id);
        if (!state.users.has(userId)) throw unknown("User", 10013);
        let channelId = [...state.dmChannels].find(([, user]) => user === userId)?.[0];
        if (!channelId) {
          channelId = state.snowflake();
          state.dmChannels.set(channelId, userId);
        }
        return { id: channelId, type: 1, recipients: [state.users.get(userId)], last_message_id: null };
      },
    ],
    ["GET", "/guilds/:guild", ({ params }) => state.apiGuild(guildOf(params.guild))],
    ["GET", "/guilds/:guild/channels", ({ params }) => [...guildOf(params.guild).channels.values()]],
    ["GET", "/guilds/:guild/roles", ({ params }) => [...guildOf(params.guild).roles.values()]],
    [
      "POST",
      "/guilds/:guild/channels",
      ({ params, body, emit }) => {
        const channel = state.addChannel(guildOf(params.guild).id, {
          name: String(body.name),
          type: Number(body.type ?? 0),
          parent_id: (body.parent_id as string | null) ?? null,
          topic: (body.topic as string | undefined) ?? null,
          nsfw: body.nsfw === true,
          permission_overwrites: (body.permission_overwrites as never[] | undefined) ?? [],
        });
        emit("CHANNEL_CREATE", channel);
        return channel;
      },
    ],
    [
      "GET",
      "/channels/:channel",
      ({ params }) => {
        const recipient = state.dmChannels.get(params.channel ?? "");
        if (recipient) {
          return {
            id: params.channel,
            type: 1,
            recipients: [state.apiUser(recipient)],
            last_message_id: null,
          };
        }
        return channelOf(params.channel).channel;
      },
    ],
    [
      "DELETE",
      "/channels/:channel",
      ({ params }) => {
        const { guild, channel } = channelOf(params.channel);
        guild.channels.delete(channel.id);
        for (const [id, message] of state.messages)
          if (message.channel_id === channel.id) state.messages.delete(id);
        return channel;
      },
    ],
    [
      "PUT",
      "/channels/:channel/permissions/:target",
      ({ params, body, emit }) => {
        const { channel } = channelOf(params.channel);
        const overwrite = {
          id: params.target ?? "",
          type: Number(body.type),
          allow: String(body.allow ?? "0"),
          deny: String(body.deny ?? "0"),
        };
        if (overwrite.type !== 0 && overwrite.type !== 1) {
          throw new RestError(400, 50035, "Invalid Form Body: type must be 0 (role) or 1 (member)");
        }
        channel.permission_overwrites = [
          ...channel.permission_overwrites.filter((existing) => existing.id !== overwrite.id),
          overwrite as never,
        ];
        emit("CHANNEL_UPDATE", channel);
        return null;
      },
    ],
    [
      "DELETE",
      "/channels/:channel/permissions/:target",
      ({ params, emit }) => {
        const { channel } = channelOf(params.channel);
        channel.permission_overwrites = channel.permission_overwrites.filter(
          (existing) => existing.id !== params.target,
        );
        emit("CHANNEL_UPDATE", channel);
        return null;
      },
    ],
    [
      "POST",
      "/guilds/:guild/roles",
      ({ params, body, emit }) => {
        const role = state.addRole(guildOf(params.guild).id, body as Partial<APIRole> & { name: string });
        emit("GUILD_ROLE_CREATE", { guild_id: params.guild, role });
        return role;
      },
    ],
    [
      "PATCH",
      "/guilds/:guild/roles/:role",
      ({ params, body, emit }) => {
        const role = roleOf(params.guild, params.role);
        if (typeof body.name === "string") role.name = body.name;
        if (typeof body.color === "number") {
          role.color = body.color;
          role.colors = { ...role.colors, primary_color: body.color };
        }
        if (body.permissions !== undefined && body.permissions !== null)
          role.permissions = String(body.permissions);
        if (typeof body.mentionable === "boolean") role.mentionable = body.mentionable;
        if (typeof body.hoist === "boolean") role.hoist = body.hoist;
        emit("GUILD_ROLE_UPDATE", { guild_id: params.guild, role });
        return role;
      },
    ],
    [
      "DELETE",
      "/guilds/:guild/roles/:role",
      ({ params }) => {
        const guild = guildOf(params.guild);
        const role = roleOf(params.guild, params.role);
        guild.roles.delete(role.id);
        for (const member of guild.members.values())
          member.roles = member.roles.filter((id) => id !== role.id);
        return null;
      },
    ],
    [
      "GET",
      "/guilds/:guild/emojis",
      ({ params }) => [...guildOf(params.guild).emojis.values()].map((emoji) => state.apiEmoji(emoji)),
    ],
    [
      "GET",
      "/guilds/:guild/members",
      ({ params, query }) =>
        [...guildOf(params.guild).members.values()]
          .filter((member) => BigInt(member.userId) > BigInt(query.get("after") ?? "0"))
          .slice(0, Number(query.get("limit") ?? 1))
          .map((member) => state.apiMember(member)),
    ],
    [
      "GET",
      "/guilds/:guild/members/:user",
      ({ params }) => state.apiMember(memberOf(params.guild, params.user)),
    ],
    [
      "PATCH",
      "/guilds/:guild/members/:user",
      ({ params, body }) => {
        const member = memberOf(params.guild, params.user);
        if ("communication_disabled_until" in body) {
          member.communicationDisabledUntil = (body.communication_disabled_until as string | null) ?? null;
        }
        if ("nick" in body) member.nick = (body.nick as string | null) ?? null;
        if (Array.isArray(body.roles)) member.roles = body.roles as string[];
        return state.apiMember(member);
      },
    ],
    [
      "DELETE",
      "/guilds/:guild/members/:user",
      ({ params }) => {
        memberOf(params.guild, params.user);
        guildOf(params.guild).members.delete(params.user ?? "");
        return null;
      },
    ],
    [
      "PUT",
      "/guilds/:guild/members/:user/roles/:role",
      ({ params }) => {
        const role = roleOf(params.guild, params.role);
        const member = memberOf(params.guild, params.user);
        if (!member.roles.includes(role.id)) member.roles.push(role.id);
        return null;
      },
    ],
    [
      "DELETE",
      "/guilds/:guild/members/:user/roles/:role",
      ({ params }) => {
        const role = roleOf(params.guild, params.role);
        const member = memberOf(params.guild, params.user);
        member.roles = member.roles.filter((id) => id !== role.id);
        return null;
      },
    ],
    [
      "PUT",
      "/guilds/:guild/bans/:user",
      ({ params }) => {
        const guild = guildOf(params.guild);
        guild.members.delete(params.user ?? "");
        guild.bans.set(params.user ?? "", null);
        return null;
      },
    ],
    [
      "DELETE",
      "/guilds/:guild/bans/:user",
      ({ params }) => {
        if (!guildOf(params.guild).bans.delete(params.user ?? "")) throw unknown("Ban", 10026);
        return null;
      },
    ],
    ["POST", "/channels/:channel/messages", ({ params, body }) => postMessage(params.channel ?? "", body)],
    [
      "GET",
      "/channels/:channel/messages/:message",
      ({ params }) => {
        if (state.channelGuild(params.channel ?? "") === undefined) throw unknown("Channel", 10003);
        const { guild_id: _, ...message } = state.apiMessage(messageOf(params.channel, params.message));
        // REST message objects carry no guild id (gateway ones do).
        return message;
      },
    ],
    [
      "PUT",
      "/channels/:channel/messages/:message/reactions/:emoji/@me",
      ({ params }) => {
        state.react(messageOf(params.channel, params.message), emojiOf(params.emoji), state.botUser.id);
        return null;
      },
    ],
    [
      "DELETE",
      "/channels/:channel/messages/:message/reactions/:emoji/@me",
      ({ params }) => {
        state.unreact(messageOf(params.channel, params.message), emojiOf(params.emoji), state.botUser.id);
        return null;
      },
    ],
    [
      "DELETE",
      "/channels/:channel/messages/:message/reactions/:emoji/:user",
      ({ params }) => {
        state.unreact(messageOf(params.channel, params.message), emojiOf(params.emoji), params.user ?? "");
        return null;
      },
    ],
    [
      "GET",
      "/channels/:channel/messages/:message/reactions/:emoji",
      ({ params, query }) => {
        const message = messageOf(params.channel, params.message);
        const reaction = message.reactions?.get(reactionKey(emojiOf(params.emoji)));
        // Users in id order, at most 100 a page (25 when no limit is given), after the given id.
        const limit = Math.min(100, Math.max(1, Number(query.get("limit") ?? 25)));
        const after = BigInt(query.get("after") ?? "0");
        return [...(reaction?.userIds ?? [])]
          .sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1))
          .filter((id) => BigInt(id) > after)
          .slice(0, limit)
          .map((id) => state.apiUser(id));
      },
    ],
    [
      "DELETE",
      "/channels/:channel/messages/:message/reactions/:emoji",
      ({ params }) => {
        messageOf(params.channel, params.message).reactions?.delete(reactionKey(emojiOf(params.emoji)));
        return null;
      },
    ],
    [
      "DELETE",
      "/channels/:channel/messages/:message/reactions",
      ({ params }) => {
        messageOf(params.channel, params.message).reactions?.clear();
        return null;
      },
    ],
    [
      "PATCH",
      "/channels/:channel/messages/:message",
      ({ params, body }) => editMessage(messageOf(params.channel, params.message), body),
    ],
    [
      "DELETE",
      "/channels/:channel/messages/:message",
      ({ params }) => {
        state.messages.delete(messageOf(params.channel, params.message).id);
        return null;
      },
    ],
    [
      "PUT",
      "/applications/:app/commands",
      ({ body }) => {
        state.commands.global = body as unknown as unknown[];
        return state.commands.global;
      },
    ],
    [
      "PUT",
      "/applications/:app/guilds/:guild/commands",
      ({ params, body }) => {
        state.commands.guilds.set(guildOf(params.guild).id, body as unknown as unknown[]);
        return body;
      },
    ],
    [
      "POST",
      "/interactions/:id/:token/callback",
      ({ params, body }) => {
        const record = interactions.get(params.id ?? "");
        // Discord forgets an interaction not answered within 3 s, and accepts one answer only.
        if (!record || record.token !== params.token || Date.now() - record.dispatchedAt > 3000) {
          throw unknown("interaction", 10062);
        }
        if (record.acknowledged)
          throw new RestError(400, 40060, "Interaction has already been acknowledged.");
        const data = (body.data as Record<string, unknown> | undefined) ?? {};
        const rows = (data.components as { components?: Record<string, unknown>[] }[] | undefined) ?? [];
        if (body.type === 9 && (!data.custom_id || !data.title || rows.length === 0 || rows.length > 5)) {
          throw new RestError(
            400,
            50035,
            "Invalid Form Body: a modal needs a custom_id, a title and 1-5 rows",
          );
        }
        record.acknowledged = true;
        if (body.type === 4 || body.type === 5) {
          record.originalId = postMessage(
            record.channelId,
            body.type === 4 ? data : { flags: data.flags },
          ).id;
        }
        // A button's "original" is the message it is on: type 7 edits it at once.
        if (body.type === 7) editMessage(original(record), data);
        if (body.type === 9) {
          modals.push({
            interactionId: params.id ?? "",
            custom_id: String(data.custom_id),
            title: String(data.title),
            components: rows,
            fields: rows.flatMap((row) => (row.components ?? []) as ModalRecord["fields"]),
          });
        }
        return null;
      },
    ],
    [
      "POST",
      "/webhooks/:app/:token",
      ({ params, body }) => {
        const record = interactionOf(params.token);
        if (!record.acknowledged) throw unknown("Webhook", 10015);
        return postMessage(record.channelId, body);
      },
    ],
    [
      "PATCH",
      "/webhooks/:app/:token/messages/@original",
      ({ params, body }) => editMessage(original(interactionOf(params.token)), body),
    ],
    [
      "DELETE",
      "/webhooks/:app/:token/messages/@original",
      ({ params }) => {
        state.messages.delete(original(interactionOf(params.token)).id);
        return null;
      },
    ],
  ];
}
