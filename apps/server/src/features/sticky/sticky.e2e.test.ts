import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DiscordStandIn, type StoredGuild, type StoredUser } from "../../../test/discord-stand-in/index.ts";
import { type StandInBot, startStandInBot } from "../../../test/stand-in-bot.ts";
import type { AppContext } from "../../context.ts";
import { stickyBot } from "./commands.ts";
import { setSticky } from "./service.ts";
import { findSticky } from "./store.ts";

// Sticky messages through the real discord.js client and the Discord stand-in: a burst of
// MESSAGE_CREATE frames ends in one repost (a POST) and the deletion of the previous copy.

let standIn: DiscordStandIn;
let ctx: AppContext;
let harness: StandInBot;
let guild: StoredGuild;
let channelId: string;
let alice: StoredUser;
let sequence = 0;

async function sendBurst(count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    await standIn.dispatch("MESSAGE_CREATE", {
      id: `71000000000000${String(sequence++).padStart(4, "0")}`,
      channel_id: channelId,
      guild_id: guild.id,
      author: { id: alice.id, username: "alice", global_name: null, avatar: null, discriminator: "0" },
      content: "",
      timestamp: new Date().toISOString(),
      edited_timestamp: null,
      tts: false,
      mention_everyone: false,
      mentions: [],
      mention_roles: [],
      attachments: [],
      embeds: [],
      pinned: false,
      type: 0,
    });
  }
}

/** Polls the stored count until it reaches `expected` (frames are handled after dispatch resolves). */
async function countReaches(expected: number): Promise<number | undefined> {
  const deadline = Date.now() + 5000;
  let count = (await findSticky(ctx.storage.db, channelId))?.messageCount;
  while (count !== expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    count = (await findSticky(ctx.storage.db, channelId))?.messageCount;
  }
  return count;
}

const posts = () => standIn.find("POST", `/channels/${channelId}/messages`);
const deletes = () => standIn.find("DELETE", new RegExp(`^/channels/${channelId}/messages/\\d+$`));

beforeAll(async () => {
  standIn = await DiscordStandIn.start();
  guild = standIn.state.addGuild({ name: "Sticky Hollow" });
  channelId = [...guild.channels.keys()][0] ?? "";
  alice = standIn.state.addUser({ username: "alice" });
  standIn.state.addMember(guild.id, alice.id);
  harness = await startStandInBot(standIn, stickyBot, {});
  ({ ctx } = harness);
});

afterAll(async () => {
  await harness?.stop();
  await standIn?.close();
});

describe("sticky messages through the Discord stand-in", () => {
  it("a burst of 30 messages with trigger 10 reposts once, deleting the previous copy", async () => {
    const { sticky } = await setSticky(ctx, guild.id, {
      channelId,
      message: "Read the pinned rules before trading.",
      triggerCount: 10,
      userId: alice.id,
    });
    expect(posts()).toHaveLength(1);
    const first = sticky.lastMessageId;

    const after = standIn.requests.length;
    await sendBurst(30);
    const removal = await standIn.waitForRequest(
      (request) => request.method === "DELETE" && request.path === `/channels/${channelId}/messages/${first}`,
      { after },
    );
    expect(removal).toBeDefined();
    expect(posts()).toHaveLength(2);
    expect(posts()[1]?.body.embeds[0].description).toBe("Read the pinned rules before trading.");
    expect(deletes()).toHaveLength(1);
    const stored = await findSticky(ctx.storage.db, channelId);
    expect(stored?.messageCount).toBe(0);
    expect(stored?.lastMessageId).not.toBe(first);

    // Fewer than the trigger: no repost. Reaching it again: one more, deleting the second copy.
    await sendBurst(9);
    expect(await countReaches(9)).toBe(9);
    const second = stored?.lastMessageId;
    const mark = standIn.requests.length;
    await sendBurst(1);
    await standIn.waitForRequest(
      (request) =>
        request.method === "DELETE" && request.path === `/channels/${channelId}/messages/${second}`,
      { after: mark },
    );
    expect(posts()).toHaveLength(3);
    expect(deletes()).toHaveLength(2);
  });
});
