import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestContext, demoGuildId, type TestContext } from "../../../test/helpers.ts";
import type { MessageEvent } from "../../discord/port/events.ts";
import { demoBotId, demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { welcomeBack } from "./afk.ts";
import { perkCache } from "./cache.ts";
import { PerkListener, perkCooldowns } from "./listener.ts";
import { addResponder, type Owner } from "./member-perks.ts";
import { createTier, editTier } from "./tiers.ts";

// The perks page's responder limits and the welcome-back summary, message by message on a clock.

let test: TestContext;
let listener: PerkListener;
let channelId: string;
let people: string[];
let roleId: string;

async function owner(userId: string): Promise<Owner> {
  await test.ctx.discord.addMemberRole(demoGuildId, userId, roleId);
  return { userId, roleIds: (await test.ctx.discord.getMember(demoGuildId, userId))?.roleIds ?? [] };
}

async function botPosts() {
  const rows = await test.ctx.storage.db
    .selectFrom("sandbox_messages")
    .select("payload")
    .where("channel_id", "=", channelId)
    .where("author_id", "=", test.sandbox.botUserId)
    .execute();
  return rows.map((row) => row.payload);
}

let sent = 0;
const message = (authorId: string, content: string): MessageEvent => ({
  id: String(++sent),
  channelId,
  guildId: demoGuildId,
  author: { id: authorId, username: "someone", globalName: null, avatar: null, bot: false, createdAt: 0 },
  content,
  memberRoleIds: null,
  mentionUserIds: [],
  attachments: [],
  webhookId: null,
  createdAt: Date.now(),
});

beforeAll(async () => {
  test = await createTestContext();
  roleId = (await test.ctx.discord.createRole(demoGuildId, { name: "Responder tier" })).id;
  await createTier(test.ctx, demoGuildId, { name: "Chatty", roleId, responders: 5 });
  const rows = await test.ctx.storage.db
    .selectFrom("sandbox_members")
    .select("user_id")
    .where("guild_id", "=", demoGuildId)
    .where("user_id", "not in", [demoOwnerId, demoBotId])
    .orderBy("user_id")
    .limit(5)
    .execute();
  people = rows.map((row) => row.user_id);
  // Not listening to the gateway: each test hands the listener its messages and its clock.
  listener = new PerkListener(test.ctx);
});
beforeEach(async () => {
  perkCache(test.ctx).invalidate(demoGuildId);
  channelId = (await test.ctx.discord.createChannel(demoGuildId, { name: `responders-${sent}`, type: 0 })).id;
});
afterAll(() => test.cleanup());

describe("auto-responders", () => {
  it("answer at most 3 to one message", async () => {
    const member = await owner(people[0] ?? "");
    for (const trigger of ["alpha", "beta", "gamma", "delta"]) {
      await addResponder(test.ctx, demoGuildId, member, { trigger, text: `answer ${trigger}` });
    }
    perkCache(test.ctx).invalidate(demoGuildId);
    await listener.onMessage(message(people[1] ?? "", "alpha beta gamma delta"));
    expect(await botPosts()).toHaveLength(3);
  });

  it("answer again once their 30 seconds are over", async () => {
    const member = await owner(people[2] ?? "");
    await addResponder(test.ctx, demoGuildId, member, { trigger: "omega", text: "answer omega" });
    perkCache(test.ctx).invalidate(demoGuildId);
    const now = Date.now();
    await listener.onMessage(message(people[1] ?? "", "omega"), now);
    await listener.onMessage(message(people[1] ?? "", "omega"), now + perkCooldowns.responder - 1000);
    expect(await botPosts()).toHaveLength(1);
    await listener.onMessage(message(people[1] ?? "", "omega"), now + perkCooldowns.responder + 1000);
    expect(await botPosts()).toHaveLength(2);
  });

  it("keep the oldest ones active when the tier shrinks, deleting none", async () => {
    const member = await owner(people[3] ?? "");
    await addResponder(test.ctx, demoGuildId, member, { trigger: "older", text: "answer older" });
    await addResponder(test.ctx, demoGuildId, member, { trigger: "newer", text: "answer newer" });
    await editTier(test.ctx, demoGuildId, "Chatty", { responders: 1 });
    perkCache(test.ctx).invalidate(demoGuildId);
    await listener.onMessage(message(people[1] ?? "", "older newer"));
    const posts = await botPosts();
    expect(posts).toHaveLength(1);
    expect(posts[0]).toContain("answer older");
    const kept = await test.ctx.storage.db
      .selectFrom("perk_responders")
      .select("trigger")
      .where("user_id", "=", member.userId)
      .execute();
    expect(kept.map((row) => row.trigger).sort()).toEqual(["newer", "older"]);
  });
});

describe("the welcome-back summary", () => {
  it("lists the first 10 mentions and counts the rest", () => {
    const mentions = Array.from({ length: 12 }, (_, i) => ({
      authorId: `1000000000000000${i + 10}`,
      channelId: "200000000000000000",
      messageId: `3000000000000000${i + 10}`,
      at: 1_700_000_000_000 + i,
    }));
    const content = welcomeBack(demoGuildId, "400000000000000000", mentions).content ?? "";
    expect(content).toContain("mentioned 12 times");
    expect(content.match(/^• /gm)).toHaveLength(10);
    expect(content).toContain("…and 2 more");
    expect(content).toContain(
      `https://discord.com/channels/${demoGuildId}/200000000000000000/300000000000000010)`,
    );
  });
});
