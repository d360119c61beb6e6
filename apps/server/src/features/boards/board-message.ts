import type { Selectable } from "kysely";
import type { Database } from "../../db/schema.ts";

/*
 * A message a board knows, as the stores hand it out: the original's facts, stored the first time a
 * board saw it, and where its post stands. Every boards store reads rows into it.
 */

type MessageRow = Database["board_messages"];

export interface BoardMessage {
  id: number;
  boardId: number;
  serverId: string;
  channelId: string;
  messageId: string;
  authorId: string;
  authorName: string;
  authorAvatar: string | null;
  authorBot: boolean;
  content: string;
  imageUrl: string | null;
  sourceNsfw: boolean;
  messageCreatedAt: number;
  seededKey: string;
  reactionCount: number;
  postChannelId: string | null;
  postMessageId: string | null;
  postedCount: number;
  postedAt: number | null;
  postingAt: number | null;
  dismissed: boolean;
  originalDeleted: boolean;
  createdAt: number;
  updatedAt: number;
}

export const toMessage = (row: Selectable<MessageRow>): BoardMessage => ({
  id: row.id,
  boardId: row.board_id,
  serverId: row.server_id,
  channelId: row.channel_id,
  messageId: row.message_id,
  authorId: row.author_id,
  authorName: row.author_name,
  authorAvatar: row.author_avatar,
  authorBot: row.author_bot === 1,
  content: row.content,
  imageUrl: row.image_url,
  sourceNsfw: row.source_nsfw === 1,
  messageCreatedAt: Number(row.message_created_at),
  seededKey: row.seeded_key,
  reactionCount: row.reaction_count,
  postChannelId: row.post_channel_id,
  postMessageId: row.post_message_id,
  postedCount: row.posted_count,
  postedAt: row.posted_at === null ? null : Number(row.posted_at),
  postingAt: row.posting_at === null ? null : Number(row.posting_at),
  dismissed: row.dismissed === 1,
  originalDeleted: row.original_deleted === 1,
  createdAt: Number(row.created_at),
  updatedAt: Number(row.updated_at),
});
