import type { Generated } from "kysely";
import type { BoardsTables } from "../features/boards/tables.ts";
import type { ComponentsTables } from "../features/components/tables.ts";
import type { DesignerTables } from "../features/designer/tables.ts";
import type { DiscoveryTables } from "../features/discovery/tables.ts";
import type { EmbedsTables } from "../features/embeds/tables.ts";
import type { GiveawaysTables } from "../features/giveaways/tables.ts";
import type { GrindersTables } from "../features/grinders/tables.ts";
import type { ModerationTables } from "../features/moderation/tables.ts";
import type { PerksTables } from "../features/perks/tables.ts";
import type { SelfRolesTables } from "../features/selfroles/tables.ts";
import type { ServersTables } from "../features/servers/tables.ts";
import type { StaticaTables } from "../features/statica/tables.ts";
import type { StickyTables } from "../features/sticky/tables.ts";
import type { TimersTables } from "../features/timers/tables.ts";
import type { VotesTables } from "../features/votes/tables.ts";
import type { WelcomeTables } from "../features/welcome/tables.ts";

/** Times are integers, ms since the epoch. Discord ids are strings. JSON columns hold text. */
export interface Database
  extends ServersTables,
    GrindersTables,
    TimersTables,
    DiscoveryTables,
    GiveawaysTables,
    StaticaTables,
    WelcomeTables,
    StickyTables,
    ModerationTables,
    VotesTables,
    BoardsTables,
    PerksTables,
    SelfRolesTables,
    ComponentsTables,
    EmbedsTables,
    DesignerTables {
  app_meta: { key: string; value: string };
  heartbeats: { minute: number };
  guilds: {
    id: string;
    name: string;
    icon: string | null;
    owner_id: string;
    member_count: number;
    joined_at: number;
    left_at: number | null;
  };
  command_runs: { server_id: string; command: string; count: number };
  dashboard_tokens: {
    id: string;
    token_hash: string;
    server_id: string;
    user_id: string;
    user_name: string;
    permission: string;
    created_at: number;
    last_used_at: number | null;
    revoked_at: number | null;
    revoked_reason: string | null;
  };
  audit_log: {
    id: Generated<number>;
    server_id: string;
    token_id: string | null;
    actor_user_id: string | null;
    action: string;
    summary: string;
    created_at: number;
  };
  jobs: {
    id: Generated<number>;
    kind: string;
    payload: string;
    dedupe_key: string | null;
    run_at: number;
    status: string;
    attempts: number;
    max_attempts: number;
    last_error: string | null;
    locked_by: string | null;
    locked_until: number | null;
    created_at: number;
    updated_at: number;
  };
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
  sandbox_outbox: {
    id: Generated<number>;
    guild_id: string | null;
    action: string;
    payload: string;
    created_at: number;
  };
}
