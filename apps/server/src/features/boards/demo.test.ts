import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, demoGuildId, type TestContext } from "../../../test/helpers.ts";
import { seedDemo } from "./demo.ts";
import { boardStats, recentMessages, topMessages } from "./queries.ts";

describe("the demo server's boards", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
    await seedDemo(t.ctx);
  });
  afterAll(() => t.cleanup());

  it("has a starboard and a skullboard with posts made from real sandbox reactions", async () => {
    const stats = await boardStats(t.ctx, demoGuildId);
    expect(stats.map((s) => [s.board.name, s.board.emojiKey, s.stats.posted])).toEqual([
      ["Starboard", "⭐", 3],
      ["Skullboard", "💀", 2],
    ]);
    const top = await topMessages(t.ctx, demoGuildId, { board: "starboard" });
    expect(top.messages.map((m) => m.reactionCount)).toEqual([12, 9, 6]);
    for (const message of top.messages) {
      const post = await t.ctx.discord.getMessage(message.postChannelId ?? "", message.postMessageId ?? "");
      expect(post?.content).toBe(`⭐ **${message.reactionCount}** · <#${message.channelId}>`);
    }
    const recent = await recentMessages(t.ctx, demoGuildId, {});
    expect(recent.total).toBe(3);
  });
});
