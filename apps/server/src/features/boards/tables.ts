import type { Generated } from "kysely";

/** This feature's tables, added to the Database type (db/schema.ts) by declaration merging. */
export interface BoardsTables {
  /** A starboard, skullboard or custom emoji board of a server. */
  boards: {
    id: Generated<number>;
    server_id: string;
    /** As the admin typed it (≤ 50 characters). */
    name: string;
    /** Lower-cased name: unique per server, so names are case-insensitive. */
    name_key: string;
    /** `emojiKey` of the reaction that counts: the unicode text, or `name:id`. */
    emoji_key: string;
    /** How the emoji is written in a message (`⭐`, `<:name:id>`). */
    emoji_markup: string;
    channel_id: string;
    /** "starboard" | "skullboard" | "custom". */
    type: string;
    /** Reactions needed, 1 to 100. */
    min_reactions: number;
    allow_self: number;
    allow_bots: number;
    /** Delete a post whose count falls below the threshold (it can come back later). */
    remove_below: number;
    enabled: number;
    /** Why the bot turned the board off by itself (its channel went away), shown by `list`. */
    disabled_reason: string | null;
    created_by: string | null;
    created_at: number;
    updated_at: number;
  };
  /** One message as a board knows it: the original's facts, its count and the board post. */
  board_messages: {
    id: Generated<number>;
    board_id: number;
    server_id: string;
    channel_id: string;
    message_id: string;
    author_id: string;
    author_name: string;
    author_avatar: string | null;
    /** Posted by a bot or a webhook. */
    author_bot: number;
    content: string;
    image_url: string | null;
    /** The original's channel is age-restricted. */
    source_nsfw: number;
    message_created_at: number;
    /** The board emoji the reactors were seeded for (an emoji change reseeds). */
    seeded_key: string;
    /** Qualifying reactions at the last sync. */
    reaction_count: number;
    /** The post on the board channel (null while not on the board). */
    post_channel_id: string | null;
    post_message_id: string | null;
    /** The count the post shows, so unchanged counts aren't edited again. */
    posted_count: number;
    posted_at: number | null;
    /** A claim to post or edit the post (ms): of all callers, in any process, only the one whose update set it acts. */
    posting_at: number | null;
    /** A moderator deleted the post: the message is never posted again. */
    dismissed: number;
    /** The original was deleted. */
    original_deleted: number;
    created_at: number;
    updated_at: number;
  };
  /** Who reacted with a board's emoji on a message: one row per member, so counting is idempotent. */
  board_reactors: {
    board_id: number;
    message_id: string;
    user_id: string;
    created_at: number;
  };
}

declare module "../../db/schema.ts" {
  interface Database extends BoardsTables {}
}
