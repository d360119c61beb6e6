import type { Generated } from "kysely";

/** The sandbox adapter's Discord: a directory of servers kept in the database, and an outbox. */
export interface SandboxTables {
  sandbox_users: {
    id: string;
    username: string;
    global_name: string | null;
    avatar: string | null;
    bot: number;
    created_at: number;
    dm_open: number;
  };
  sandbox_guilds: {
    id: string;
    name: string;
    icon: string | null;
    owner_id: string;
    description: string | null;
    boost_count: number;
    boost_level: number;
    created_at: number;
  };
  sandbox_channels: {
    id: string;
    guild_id: string;
    name: string;
    type: number;
    parent_id: string | null;
    position: number;
    topic: string | null;
    nsfw: number;
    /** JSON array of PermissionOverwrite. */
    permission_overwrites: Generated<string>;
  };
  sandbox_roles: {
    id: string;
    guild_id: string;
    name: string;
    color: number;
    position: number;
    permissions: string;
    managed: number;
    hoist: number;
    mentionable: Generated<number>;
  };
  sandbox_members: {
    guild_id: string;
    user_id: string;
    nick: string | null;
    roles: string;
    joined_at: number;
    timeout_until: number | null;
  };
  sandbox_messages: {
    id: string;
    channel_id: string;
    guild_id: string | null;
    author_id: string;
    content: string;
    payload: string;
    created_at: number;
    edited_at: number | null;
    deleted_at: number | null;
    /** JSON array of Attachment. */
    attachments: Generated<string>;
  };
  sandbox_reactions: {
    channel_id: string;
    message_id: string;
    emoji_key: string;
    emoji_id: string | null;
    emoji_name: string;
    animated: number;
    user_id: string;
    created_at: number;
  };
  sandbox_emojis: { id: string; guild_id: string; name: string; animated: number; created_at: number };
  sandbox_bans: { guild_id: string; user_id: string; reason: string | null; created_at: number };
  sandbox_invites: {
    code: string;
    guild_id: string;
    channel_id: string;
    inviter_id: string | null;
    uses: Generated<number>;
    max_uses: Generated<number>;
    created_at: number;
  };
  sandbox_outbox: {
    id: Generated<number>;
    guild_id: string | null;
    action: string;
    payload: string;
    created_at: number;
  };
}

declare module "../../db/schema.ts" {
  interface Database extends SandboxTables {}
}
