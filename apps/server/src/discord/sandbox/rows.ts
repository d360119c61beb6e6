import type { Selectable } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { ChannelInfo, PermissionOverwrite, RoleInfo, UserInfo } from "../port/port.ts";

// The sandbox tables' rows as the port's shapes, and the parsing of what they store as text.

export type Row<T extends keyof Database> = Selectable<Database[T]>;

export const toUser = (row: Row<"sandbox_users">): UserInfo => ({
  id: row.id,
  username: row.username,
  globalName: row.global_name,
  avatar: row.avatar,
  bot: row.bot === 1,
  createdAt: row.created_at,
});

export const toChannel = (row: Row<"sandbox_channels">): ChannelInfo => ({
  id: row.id,
  guildId: row.guild_id,
  name: row.name,
  type: row.type,
  parentId: row.parent_id,
  position: row.position,
  nsfw: row.nsfw === 1,
  permissionOverwrites: parseJson<PermissionOverwrite[]>(row.permission_overwrites, []),
});

export function parseJson<T>(text: string | null | undefined, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** Role ids mentioned as `<@&id>` in a message's text, once each. */
export function mentionedRoleIds(content: string): string[] {
  return [...new Set([...content.matchAll(/<@&(\d{5,20})>/g)].map((match) => match[1] ?? ""))];
}

/** User ids mentioned as `<@id>` or `<@!id>` in a message's text, once each. */
export function mentionedUserIds(content: string): string[] {
  return [...new Set([...content.matchAll(/<@!?(\d{5,20})>/g)].map((match) => match[1] ?? ""))];
}

export const toRole = (row: Row<"sandbox_roles">): RoleInfo => ({
  id: row.id,
  guildId: row.guild_id,
  name: row.name,
  color: row.color,
  position: row.position,
  permissions: row.permissions,
  managed: row.managed === 1,
});
