import type { APIRole } from "discord.js";
import type { StandInState, StoredMessage } from "./state.ts";

// The REST routes the adapter uses, under /api/v10, answered from the stand-in's state with
// Discord's JSON shapes and error codes. Writes change the state; they don't dispatch gateway events.

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

export function restRoutes(
  state: StandInState,
  interactions: Map<string, InteractionRecord>,
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
    const message: StoredMessage = {
      id: state.snowflake(),
      channel_id: channelId,
      ...(guild ? { guild_id: guild.id } : {}),
      author,
      content: String(body.content ?? ""),
      embeds: (body.embeds as unknown[]) ?? [],
      components: (body.components as unknown[]) ?? [],
      flags: Number(body.flags ?? 0),
      timestamp: new Date().toISOString(),
      edited_timestamp: null,
    };
    state.messages.set(message.id, message);
    return state.apiMessage(message);
  };
  const editMessage = (message: StoredMessage, body: Record<string, unknown>) => {
    if ("content" in body) message.content = String(body.content ?? "");
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
      ({ params, body }) =>
        state.addChannel(guildOf(params.guild).id, {
          name: String(body.name),
          type: Number(body.type ?? 0),
          parent_id: (body.parent_id as string | null) ?? null,
        }),
    ],
    [
      "POST",
      "/guilds/:guild/roles",
      ({ params, body }) =>
        state.addRole(guildOf(params.guild).id, body as Partial<APIRole> & { name: string }),
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
        record.acknowledged = true;
        const data = (body.data as Record<string, unknown> | undefined) ?? {};
        if (body.type === 4 || body.type === 5) {
          record.originalId = postMessage(
            record.channelId,
            body.type === 4 ? data : { flags: data.flags },
          ).id;
        }
        // A button's "original" is the message it is on: type 7 edits it at once.
        if (body.type === 7) editMessage(original(record), data);
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
