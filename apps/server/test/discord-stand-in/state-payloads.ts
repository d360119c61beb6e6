import type { APIGuildMember, APIUser } from "discord.js";
import type { StoredEmoji, StoredGuild, StoredMember, StoredMessage, StoredUser } from "./state-types.ts";

// Stored records as Discord's JSON shows them, for REST answers and gateway events.

export function memberPayload(user: StoredUser, member: StoredMember): APIGuildMember {
  const { dmClosed: _, ...apiUser } = user;
  return {
    user: apiUser,
    nick: member.nick,
    avatar: null,
    banner: null,
    roles: member.roles,
    joined_at: member.joinedAt,
    premium_since: null,
    deaf: false,
    mute: false,
    flags: 0 as APIGuildMember["flags"],
    pending: false,
    communication_disabled_until: member.communicationDisabledUntil,
  };
}

export function guildPayload(guild: StoredGuild, memberCount: number) {
  return {
    id: guild.id,
    name: guild.name,
    icon: guild.icon,
    splash: null,
    discovery_splash: null,
    owner_id: guild.ownerId,
    afk_channel_id: null,
    afk_timeout: 300,
    verification_level: 0,
    default_message_notifications: 0,
    explicit_content_filter: 0,
    roles: [...guild.roles.values()],
    emojis: [...guild.emojis.values()].map((emoji) => emojiPayload(emoji)),
    stickers: [],
    features: [],
    mfa_level: 0,
    application_id: null,
    system_channel_id: null,
    system_channel_flags: 0,
    rules_channel_id: null,
    vanity_url_code: null,
    description: guild.description,
    banner: null,
    premium_tier: 0,
    premium_subscription_count: 0,
    preferred_locale: "en-US",
    public_updates_channel_id: null,
    nsfw_level: 0,
    premium_progress_bar_enabled: false,
    safety_alerts_channel_id: null,
    approximate_member_count: memberCount,
    approximate_presence_count: 0,
  };
}

export function emojiPayload(emoji: StoredEmoji) {
  return {
    id: emoji.id,
    name: emoji.name,
    animated: emoji.animated,
    roles: [],
    require_colons: true,
    managed: false,
    available: true,
  };
}

export function messagePayload(message: StoredMessage, user: (id: string) => APIUser, botUserId: string) {
  const { reactions, mentionUserIds, mentionRoleIds, ...fields } = message;
  return {
    ...fields,
    type: 0,
    tts: false,
    mention_everyone: false,
    mentions: (mentionUserIds ?? []).map((id) => user(id)),
    mention_roles: mentionRoleIds ?? [],
    attachments: message.attachments ?? [],
    pinned: false,
    ...(reactions && reactions.size > 0
      ? {
          reactions: [...reactions.values()].map((reaction) => ({
            emoji: reaction.emoji.id
              ? {
                  id: reaction.emoji.id,
                  name: reaction.emoji.name,
                  animated: reaction.emoji.animated ?? false,
                }
              : { id: null, name: reaction.emoji.name },
            count: reaction.userIds.length,
            count_details: { burst: 0, normal: reaction.userIds.length },
            me: reaction.userIds.includes(botUserId),
            me_burst: false,
            burst_colors: [],
          })),
        }
      : {}),
  };
}
