import type { AppContext } from "../../context.ts";
import { SandboxAdapter } from "../../discord/sandbox/adapter.ts";
import { backdateMessage } from "../../discord/sandbox/demo-api.ts";
import { demoMembers } from "../../discord/sandbox/demo-seed.ts";
import { demoGuildId, demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { seededRandom } from "../../lib/seeded-random.ts";
import { createBoard } from "./service.ts";
import { ensureRow, syncMessage } from "./sync.ts";

const hour = 3_600_000;

/** Messages members posted, the board they reached, how many reacted and how long ago it was posted. */
const posts: {
  channel: string;
  board: "Starboard" | "Skullboard";
  text: string;
  reactions: number;
  hoursAgo: number;
}[] = [
  {
    channel: "general",
    board: "Starboard",
    text: "Finally hit Diamond after three weeks of grinding 💎 thank you all for the carries",
    reactions: 9,
    hoursAgo: 3,
  },
  {
    channel: "general",
    board: "Starboard",
    text: "PSA: the heist vault resets at 18:00 UTC, not 20:00. Plan your runs!",
    reactions: 6,
    hoursAgo: 20,
  },
  {
    channel: "media",
    board: "Starboard",
    text: "Drew the Ember Hollow mascot for the server birthday 🔥",
    reactions: 12,
    hoursAgo: 50,
  },
  {
    channel: "memes",
    board: "Skullboard",
    text: "I just sold 40M coins for 4M. I misread the zeros.",
    reactions: 7,
    hoursAgo: 5,
  },
  {
    channel: "general",
    board: "Skullboard",
    text: "wait is this the giveaway channel or did I just enter my password here",
    reactions: 5,
    hoursAgo: 30,
  },
];

/**
 * The demo server's boards (sandbox only): #starboard (⭐, 3 reactions) and #skullboard (💀, 3),
 * with members' messages in #general, #memes and #media that reached them through real sandbox
 * reactions, so `/boards top`, `recent` and `stats` show something from the start.
 */
export async function seedDemo(ctx: AppContext): Promise<void> {
  const sandbox = ctx.discord;
  if (!(sandbox instanceof SandboxAdapter)) return;
  const channels = await sandbox.listChannels(demoGuildId);
  const byName = (name: string) => channels.find((channel) => channel.name === name);
  const general = byName("general");
  if (!general) return;
  const starboard = await sandbox.createChannel(demoGuildId, {
    name: "starboard",
    type: 0,
    parentId: general.parentId,
    topic: "Messages with 3 or more ⭐",
  });
  const skullboard = await sandbox.createChannel(demoGuildId, {
    name: "skullboard",
    type: 0,
    parentId: general.parentId,
    topic: "Messages with 3 or more 💀",
  });
  const boards = {
    Starboard: await createBoard(ctx, demoGuildId, {
      name: "Starboard",
      emoji: "⭐",
      channelId: starboard.id,
      minReactions: 3,
      userId: demoOwnerId,
    }),
    Skullboard: await createBoard(ctx, demoGuildId, {
      name: "Skullboard",
      emoji: "💀",
      channelId: skullboard.id,
      minReactions: 3,
      userId: demoOwnerId,
    }),
  };

  const members = await demoMembers(ctx.storage.db);
  const random = seededRandom(20240713);
  const pick = (count: number, not: string) => {
    const pool = members.filter((id) => id !== not);
    for (let i = pool.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [pool[i], pool[j]] = [pool[j] as string, pool[i] as string];
    }
    return pool.slice(0, count);
  };

  const now = Date.now();
  for (const post of posts) {
    const channel = byName(post.channel);
    const author = pick(1, "")[0];
    if (!channel || !author) continue;
    const board = boards[post.board];
    const sent = await sandbox.simulateMessage(channel.id, author, post.text);
    for (const userId of pick(post.reactions, author)) {
      await sandbox.simulateReaction({
        channelId: channel.id,
        messageId: sent.id,
        userId,
        emoji: board.emojiMarkup,
      });
    }
    // The bot isn't listening yet while the demo is seeded: read the reactions as it would on start.
    await ensureRow(ctx, board, channel.id, sent.id);
    await syncMessage(ctx, board.id, sent.id);
    const at = now - post.hoursAgo * hour;
    await ctx.storage.db
      .updateTable("board_messages")
      .set({ posted_at: at, message_created_at: at - hour, created_at: at - hour })
      .where("board_id", "=", board.id)
      .where("message_id", "=", sent.id)
      .execute();
    await backdateMessage(ctx.storage.db, sent.id, at - hour);
  }
}
