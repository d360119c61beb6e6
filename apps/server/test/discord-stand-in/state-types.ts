import type { APIChannel, APIOverwrite, APIRole, APIUser } from "discord.js";

// The records the stand-in keeps: what Discord knows about users, guilds and messages, in the
// stand-in's own shape; state-payloads.ts turns them into Discord's JSON.

export interface StoredUser extends APIUser {
  /** The user doesn't accept DMs from the bot: sending one answers 50007. */
  dmClosed?: boolean;
}

export interface StoredMember {
  userId: string;
  nick: string | null;
  roles: string[];
  joinedAt: string;
  communicationDisabledUntil: string | null;
}

export interface StoredGuild {
  id: string;
  name: string;
  icon: string | null;
  ownerId: string;
  description: string | null;
  channels: Map<string, StoredChannel>;
  roles: Map<string, APIRole>;
  members: Map<string, StoredMember>;
  bans: Map<string, string | null>;
  emojis: Map<string, StoredEmoji>;
}

export interface StoredEmoji {
  id: string;
  name: string;
  animated: boolean;
}

/** An emoji as reactions carry it: unicode (`id` null) or a custom one. */
export interface StoredReactionEmoji {
  id: string | null;
  name: string;
  animated?: boolean;
}

export interface StoredAttachment {
  id: string;
  filename: string;
  url: string;
  proxy_url: string;
  size: number;
  content_type?: string;
}

/** One emoji's reactions on a message: who reacted, in the order they did. */
export interface StoredReaction {
  emoji: StoredReactionEmoji;
  userIds: string[];
}

/** A channel as stored: Discord's object with its overwrites and age restriction always present. */
export type StoredChannel = APIChannel & {
  guild_id: string;
  nsfw: boolean;
  permission_overwrites: APIOverwrite[];
};

export interface StoredMessage {
  id: string;
  channel_id: string;
  guild_id?: string;
  author: APIUser;
  content: string;
  embeds: unknown[];
  components: unknown[];
  flags: number;
  timestamp: string;
  edited_timestamp: string | null;
  attachments?: StoredAttachment[];
  /** Users and roles the content mentions (`<@id>`, `<@&id>`), parsed when the message is stored. */
  mentionUserIds?: string[];
  mentionRoleIds?: string[];
  /** Reactions by emoji key (`⭐` or `name:id`), in the order they were first added. */
  reactions?: Map<string, StoredReaction>;
  webhook_id?: string;
  /** The nonce it was posted with, for `enforce_nonce` (a retried post answers this message). */
  nonce?: string;
}
