import type { Attachment, Button, Embed, OutgoingMessage, SelectMenu } from "../port/port.ts";
import type { OutgoingFile } from "../port/port-types.ts";
import type { SandboxContext } from "./context.ts";
import { mentionedUserIds, parseJson, type Row } from "./rows.ts";

// What a member's Discord client would show of the sandbox (the playground's reads): the server with
// its channels, roles and members, and a channel's messages with their reactions. Read straight from
// the tables the port writes, so the page shows exactly what the bot did.

export interface ViewedMember {
  id: string;
  username: string;
  displayName: string;
  bot: boolean;
  nick: string | null;
  roleIds: string[];
  joinedAt: number;
  dmOpen: boolean;
}

export interface ViewedUser {
  id: string;
  username: string;
  displayName: string;
  bot: boolean;
}

export interface ViewedMessage {
  id: string;
  channelId: string;
  authorId: string;
  content: string;
  embeds: Embed[];
  components: (Button | SelectMenu)[][];
  files: {
    name: string;
    contentType: string | null;
    size: number;
    url: string | null;
    text: string | null;
  }[];
  reactions: { emoji: { id: string | null; name: string; animated?: boolean }; count: number; me: boolean }[];
  createdAt: number;
  editedAt: number | null;
  replyTo: string | null;
}

const viewedUser = (row: Row<"sandbox_users">): ViewedUser => ({
  id: row.id,
  username: row.username,
  displayName: row.global_name ?? row.username,
  bot: row.bot === 1,
});

/** What a message the bot sent shows: its text, embeds, rows of components and files. */
export function viewPayload(payload: OutgoingMessage) {
  return {
    content: payload.content ?? "",
    embeds: payload.embeds ?? [],
    components: payload.components ?? [],
    files: (payload.files ?? []).map(viewedFile),
    replyTo: payload.replyTo ?? null,
  };
}

/** A file the bot sent: its text travels with it (the page offers it for download), up to 200 KB. */
function viewedFile(file: OutgoingFile): ViewedMessage["files"][number] {
  const size = new TextEncoder().encode(file.data).length;
  return {
    name: file.name,
    contentType: file.contentType ?? null,
    size,
    url: null,
    text: size <= 200_000 ? file.data : null,
  };
}

/** What a member's Discord client shows (the playground's reads), for SandboxAdapter to assemble with the other parts. */
export function clientViews(context: SandboxContext) {
  return {
    async viewMembers(guildId: string): Promise<ViewedMember[]> {
      const rows = await context.db
        .selectFrom("sandbox_members as m")
        .innerJoin("sandbox_users as u", "u.id", "m.user_id")
        .selectAll("u")
        .select(["m.nick", "m.roles", "m.joined_at"])
        .where("m.guild_id", "=", guildId)
        .orderBy("m.joined_at")
        .orderBy("m.user_id")
        .execute();
      return rows.map((row) => ({
        ...viewedUser(row),
        nick: row.nick,
        roleIds: parseJson<string[]>(row.roles, []),
        joinedAt: Number(row.joined_at),
        dmOpen: row.dm_open === 1,
      }));
    },
    /** Roles with what the port's RoleInfo leaves out: whether members are listed apart under it. */
    async viewRoles(guildId: string) {
      const rows = await context.db
        .selectFrom("sandbox_roles")
        .select(["id", "name", "color", "position", "hoist"])
        .where("guild_id", "=", guildId)
        .orderBy("position", "desc")
        .execute();
      return rows.map((row) => ({ ...row, position: Number(row.position), hoist: row.hoist === 1 }));
    },
    /** The channels' topics (the port's ChannelInfo leaves them out). */
    async viewChannelTopics(guildId: string): Promise<Map<string, string>> {
      const rows = await context.db
        .selectFrom("sandbox_channels")
        .select(["id", "topic"])
        .where("guild_id", "=", guildId)
        .execute();
      return new Map(rows.flatMap((row) => (row.topic ? [[row.id, row.topic] as [string, string]] : [])));
    },
    async viewUsers(ids: readonly string[]): Promise<ViewedUser[]> {
      if (ids.length === 0) return [];
      const rows = await context.db.selectFrom("sandbox_users").selectAll().where("id", "in", ids).execute();
      return rows.map(viewedUser);
    },
    /**
     * A channel's messages, newest `limit` before `before` (oldest first), each with its reactions and
     * whether `viewerId` is among the reactors. One query for the messages and one for their reactions.
     */
    async viewMessages(
      channelId: string,
      options: { viewerId?: string; before?: string; limit: number },
    ): Promise<{ messages: ViewedMessage[]; hasMore: boolean; userIds: string[] }> {
      let query = context.db
        .selectFrom("sandbox_messages")
        .selectAll()
        .where("channel_id", "=", channelId)
        .where("deleted_at", "is", null)
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(options.limit + 1);
      if (options.before) query = query.where("id", "<", options.before);
      const rows = await query.execute();
      const hasMore = rows.length > options.limit;
      const page = rows.slice(0, options.limit).reverse();
      const ids = page.map((row) => row.id);
      const reactions =
        ids.length === 0
          ? []
          : await context.db
              .selectFrom("sandbox_reactions")
              .select([
                "message_id",
                "emoji_key",
                "emoji_id",
                "emoji_name",
                "animated",
                "user_id",
                "created_at",
              ])
              .where("message_id", "in", ids)
              .orderBy("created_at")
              .execute();
      const userIds = new Set<string>();
      const messages = page.map((row): ViewedMessage => {
        const payload = parseJson<OutgoingMessage>(row.payload, {});
        userIds.add(row.author_id);
        for (const id of mentionedUserIds(row.content)) userIds.add(id);
        const grouped = new Map<string, ViewedMessage["reactions"][number]>();
        for (const reaction of reactions) {
          if (reaction.message_id !== row.id) continue;
          const entry = grouped.get(reaction.emoji_key) ?? {
            emoji: {
              id: reaction.emoji_id,
              name: reaction.emoji_name,
              ...(reaction.emoji_id ? { animated: reaction.animated === 1 } : {}),
            },
            count: 0,
            me: false,
          };
          entry.count += 1;
          if (reaction.user_id === options.viewerId) entry.me = true;
          grouped.set(reaction.emoji_key, entry);
        }
        const view = viewPayload(payload);
        return {
          id: row.id,
          channelId: row.channel_id,
          authorId: row.author_id,
          ...view,
          content: row.content,
          files: [
            ...parseJson<Attachment[]>(row.attachments, []).map((file) => ({
              name: file.filename,
              contentType: file.contentType,
              size: 0,
              url: file.url,
              text: null,
            })),
            ...view.files,
          ],
          reactions: [...grouped.values()],
          createdAt: Number(row.created_at),
          editedAt: row.edited_at === null ? null : Number(row.edited_at),
        };
      });
      return { messages, hasMore, userIds: [...userIds] };
    },
  };
}
