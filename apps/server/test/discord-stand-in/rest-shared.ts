import { parseMentions, type StandInState, type StoredMessage } from "./state.ts";

export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    /** Discord's error tree (Invalid Form Body). */
    readonly errors?: unknown,
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
export type Handler = (request: RestRequest) => unknown;

export const unknown = (what: string, code: number) => new RestError(404, code, `Unknown ${what}`);

export type Route = [method: string, pattern: string, handler: Handler];

/** How long Discord keeps a nonce for `enforce_nonce` ("the past few minutes"). */
const nonceWindowMs = 5 * 60_000;

/**
 * What several REST areas share: finding a record (or throwing Discord's "Unknown …" error), and
 * posting and editing messages (channel messages and interaction replies alike).
 */
export function restLookups(state: StandInState) {
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
    const nonce =
      typeof body.nonce === "string" || typeof body.nonce === "number" ? String(body.nonce) : null;
    if (nonce !== null && body.enforce_nonce === true) {
      // As Discord: the same author's post with the same nonce in the last few minutes is answered
      // with the message that post made, not made again.
      const since = Date.now() - nonceWindowMs;
      for (const earlier of state.messages.values()) {
        if (
          earlier.nonce === nonce &&
          earlier.channel_id === channelId &&
          earlier.author.id === author.id &&
          Date.parse(earlier.timestamp) >= since
        ) {
          return state.apiMessage(earlier);
        }
      }
    }
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
      ...(nonce === null ? {} : { nonce }),
    };
    state.messages.set(message.id, message);
    return state.apiMessage(message);
  };
  const editMessage = (message: StoredMessage, body: Record<string, unknown>) => {
    const content = "content" in body ? String(body.content ?? "") : message.content;
    const embeds = "embeds" in body ? ((body.embeds as unknown[]) ?? []) : message.embeds;
    const components = "components" in body ? ((body.components as unknown[]) ?? []) : message.components;
    const attachments = message.attachments ?? [];
    // As on Discord, an edit may not leave the message with nothing to show.
    if (content.trim() === "" && embeds.length === 0 && components.length === 0 && attachments.length === 0) {
      throw new RestError(400, 50006, "Cannot send an empty message");
    }
    if (content !== message.content) {
      message.content = content;
      const mentions = parseMentions(message.content);
      message.mentionUserIds = mentions.users;
      message.mentionRoleIds = mentions.roles;
    }
    message.embeds = embeds;
    message.components = components;
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
  return { guildOf, memberOf, roleOf, postMessage, editMessage, messageOf, channelOf, emojiOf };
}

export type RestLookups = ReturnType<typeof restLookups>;
