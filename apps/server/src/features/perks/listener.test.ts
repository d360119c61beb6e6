import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestContext, demoGuildId, type TestContext } from "../../../test/helpers.ts";
import type { MessageEvent } from "../../discord/port/events.ts";
import { demoBotId, demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { goAfk } from "./afk.ts";
import { perkCache } from "./cache.ts";
import { PerkListener, perkCooldowns } from "./listener.ts";
import { addResponder, type Owner, setEmojis, setKeywords } from "./member-perks.ts";
import { createPrivateChannel } from "./private-spaces.ts";
import { findMember } from "./store.ts";
import { createTier } from "./tiers.ts";

let test: TestContext;
let listener: PerkListener;
let stop: () => void;
let channels: Record<string, string>;
let people: string[];
let vipRole: string;
let supporterRole: string;

const db = () => test.ctx.storage.db;

async function owner(userId: string, roleId: string): Promise<Owner> {
  await test.ctx.discord.addMemberRole(demoGuildId, userId, roleId);
  return { userId, roleIds: (await test.ctx.discord.getMember(demoGuildId, userId))?.roleIds ?? [] };
}

async function dms(userId: string) {
  const rows = await db()
    .selectFrom("sandbox_messages")
    .select("payload")
    .where("channel_id", "=", `dm-${userId}`)
    .execute();
  return rows.map((row) => row.payload);
}

async function botPosts(channelId: string) {
  const rows = await db()
    .selectFrom("sandbox_messages")
    .select(["id", "payload", "deleted_at"])
    .where("channel_id", "=", channelId)
    .where("author_id", "=", test.sandbox.botUserId)
    .orderBy("created_at")
    .execute();
  return rows.filter((row) => row.deleted_at === null).map((row) => row.payload);
}

async function reactions(messageId: string) {
  const rows = await db()
    .selectFrom("sandbox_reactions")
    .select("emoji_key")
    .where("message_id", "=", messageId)
    .execute();
  return rows.map((row) => row.emoji_key);
}

const say = (channel: string, authorId: string, content: string) =>
  test.sandbox.simulateMessage(channels[channel] ?? "", authorId, content);

beforeAll(async () => {
  test = await createTestContext();
  channels = Object.fromEntries(
    (await test.ctx.discord.listChannels(demoGuildId)).map((c) => [c.name, c.id]),
  );
  vipRole = (await test.ctx.discord.createRole(demoGuildId, { name: "VIP" })).id;
  supporterRole = (await test.ctx.discord.createRole(demoGuildId, { name: "Supporter" })).id;
  await createTier(test.ctx, demoGuildId, {
    name: "VIP",
    roleId: vipRole,
    emojis: 3,
    channelMembers: 5,
    responders: 2,
  });
  await createTier(test.ctx, demoGuildId, {
    name: "Supporter",
    roleId: supporterRole,
    emojis: 1,
    highlights: false,
    afk: false,
  });
  const rows = await db()
    .selectFrom("sandbox_members")
    .innerJoin("sandbox_users", "sandbox_users.id", "sandbox_members.user_id")
    .select("user_id")
    .where("guild_id", "=", demoGuildId)
    .where("user_id", "not in", [demoOwnerId, demoBotId])
    .where("sandbox_users.dm_open", "=", 1)
    .orderBy("user_id")
    .limit(30)
    .execute();
  people = rows.map((row) => row.user_id);
  listener = new PerkListener(test.ctx);
  stop = listener.listen(test.sandbox.events);
});
afterAll(async () => {
  stop();
  await test.cleanup();
});
beforeEach(() => {
  perkCache(test.ctx).invalidate(demoGuildId);
});

describe("highlights", () => {
  it("DMs the keyword's owner once per channel within the cooldown, not for their own or pinging messages", async () => {
    const watcher = await owner(people[0] ?? "", vipRole);
    await setKeywords(test.ctx, demoGuildId, watcher, "raid night");
    const author = people[1] ?? "";
    await say("general", author, "who's up for RAID NIGHT?");
    const first = await dms(watcher.userId);
    expect(first).toHaveLength(1);
    expect(first[0]).toContain("raid night");
    expect(first[0]).toContain(`<@${author}>`);
    expect(first[0]).toContain(`https://discord.com/channels/${demoGuildId}/${channels.general}/`);
    await say("general", author, "raid night again");
    expect(await dms(watcher.userId)).toHaveLength(1);
    await say("memes", author, "raid night memes");
    expect(await dms(watcher.userId)).toHaveLength(2);
    await say("media", watcher.userId, "raid night is mine");
    await say("media", author, `<@${watcher.userId}> raid night`);
    await say("media", author, "not a raid nightly thing");
    expect(await dms(watcher.userId)).toHaveLength(2);
  });

  it("skips a member who spoke in the channel recently, and the cooldown ends after five minutes", async () => {
    const watcher = await owner(people[2] ?? "", vipRole);
    await setKeywords(test.ctx, demoGuildId, watcher, "lore");
    const author = people[3] ?? "";
    await say("suggestions", watcher.userId, "hello there");
    await say("suggestions", author, "some lore for you");
    expect(await dms(watcher.userId)).toHaveLength(0);
    const message = (content: string): MessageEvent => ({
      id: "1",
      channelId: channels.suggestions ?? "",
      guildId: demoGuildId,
      author: { id: author, username: "author", globalName: null, avatar: null, bot: false, createdAt: 0 },
      content,
      memberRoleIds: [],
      mentionUserIds: [],
      attachments: [],
      webhookId: null,
      createdAt: Date.now(),
    });
    const later = Date.now() + perkCooldowns.recentlyActive + 1000;
    await listener.onMessage(message("lore time"), later);
    expect(await dms(watcher.userId)).toHaveLength(1);
    await listener.onMessage(message("more lore"), later + 1000);
    expect(await dms(watcher.userId)).toHaveLength(1);
    await listener.onMessage(message("even more lore"), later + perkCooldowns.highlight + 1000);
    expect(await dms(watcher.userId)).toHaveLength(2);
  });

  it("never highlights from a channel the member can't read, nor without the highlights perk", async () => {
    const watcher = await owner(people[4] ?? "", vipRole);
    await setKeywords(test.ctx, demoGuildId, watcher, "secret");
    const hidden = await test.ctx.discord.createChannel(demoGuildId, {
      name: "hidden",
      type: 0,
      permissionOverwrites: [{ id: demoGuildId, type: "role", allow: "0", deny: String(1n << 10n) }],
    });
    await test.sandbox.simulateMessage(hidden.id, people[5] ?? "", "the secret plan");
    expect(await dms(watcher.userId)).toHaveLength(0);
    await test.ctx.discord.removeMemberRole(demoGuildId, watcher.userId, vipRole);
    await test.ctx.discord.addMemberRole(demoGuildId, watcher.userId, supporterRole);
    await say("general", people[5] ?? "", "a secret in general");
    expect(await dms(watcher.userId)).toHaveLength(0);
  });
});

describe("auto-reactions and responders", () => {
  it("reacts with the author's emojis, up to what their current tier allows", async () => {
    const member = await owner(people[6] ?? "", vipRole);
    await setEmojis(test.ctx, demoGuildId, member, "🔥 ⭐ 🌙");
    const sent = await say("general", member.userId, "hi all");
    expect((await reactions(sent.id)).sort()).toEqual(["🔥", "⭐", "🌙"].sort());
    await test.ctx.discord.removeMemberRole(demoGuildId, member.userId, vipRole);
    await test.ctx.discord.addMemberRole(demoGuildId, member.userId, supporterRole);
    const after = await say("general", member.userId, "downgraded");
    expect(await reactions(after.id)).toEqual(["🔥"]);
    await test.ctx.discord.removeMemberRole(demoGuildId, member.userId, supporterRole);
    const none = await say("general", member.userId, "no tier");
    expect(await reactions(none.id)).toEqual([]);
  });

  it("answers a whole-word trigger from anyone, once per 30 seconds", async () => {
    const member = await owner(people[7] ?? "", vipRole);
    await addResponder(test.ctx, demoGuildId, member, { trigger: "faq", text: "Read #faq first!" });
    const channel = channels["bot-commands"] ?? "";
    await say("bot-commands", people[8] ?? "", "where is the FAQ?");
    await say("bot-commands", people[8] ?? "", "faq faq");
    await say("bot-commands", people[8] ?? "", "faqs are long");
    const posts = await botPosts(channel);
    expect(posts.filter((p) => p.includes("Read #faq first!"))).toHaveLength(1);
  });
});

describe("AFK", () => {
  it("notes the AFK member when mentioned (once per channel), then welcomes them back with who pinged", async () => {
    const away = await owner(people[9] ?? "", vipRole);
    await goAfk(test.ctx, demoGuildId, away, "At work until 6pm");
    const pinger = people[10] ?? "";
    await say("general", pinger, `hey <@${away.userId}> you there?`);
    await say("general", pinger, `<@${away.userId}> ping again`);
    await say("memes", pinger, `<@${away.userId}> look at this`);
    const general = (await botPosts(channels.general ?? "")).filter((p) => p.includes("is AFK"));
    expect(general).toHaveLength(1);
    expect(general[0]).toContain("At work until 6pm");
    expect(general[0]).toMatch(/since <t:\d+:R>/);
    await say("media", away.userId, "back!");
    const back = (await botPosts(channels.media ?? "")).find((p) => p.includes("Welcome back"));
    expect(back).toContain("mentioned 3 times");
    expect(back).toContain(`<@${pinger}> in <#${channels.memes}>`);
    await say("general", pinger, `<@${away.userId}> still there?`);
    expect((await botPosts(channels.general ?? "")).filter((p) => p.includes("is AFK"))).toHaveLength(1);
  });

  it("a member who lost AFK access has their note dropped instead of shown", async () => {
    const away = await owner(people[17] ?? "", vipRole);
    await goAfk(test.ctx, demoGuildId, away, "Gone fishing");
    await test.ctx.discord.removeMemberRole(demoGuildId, away.userId, vipRole);
    await say("suggestions", people[18] ?? "", `<@${away.userId}> hello?`);
    const posts = await botPosts(channels.suggestions ?? "");
    expect(posts.some((p) => p.includes("Gone fishing"))).toBe(false);
    const notes = await db().selectFrom("perk_afk").select("user_id").execute();
    expect(notes.map((n) => n.user_id)).not.toContain(away.userId);
  });

  it("needs a tier with AFK access and a note of at most 200 characters", async () => {
    const supporter = await owner(people[11] ?? "", supporterRole);
    await expect(goAfk(test.ctx, demoGuildId, supporter, "brb")).rejects.toThrow(/include \/afk/);
    const vip = await owner(people[12] ?? "", vipRole);
    await expect(goAfk(test.ctx, demoGuildId, vip, "x".repeat(201))).rejects.toThrow(
      /201 characters; the limit is 200/,
    );
    expect((await goAfk(test.ctx, demoGuildId, vip, undefined)).message).toBe("AFK");
  });
});

describe("highlights in threads", () => {
  it("follow the parent channel's permissions, and never come from a private thread", async () => {
    const watcher = await owner(people[15] ?? "", vipRole);
    await setKeywords(test.ctx, demoGuildId, watcher, "treasure");
    const author = people[16] ?? "";
    const hidden = await test.ctx.discord.createChannel(demoGuildId, {
      name: "vault",
      type: 0,
      permissionOverwrites: [{ id: demoGuildId, type: "role", allow: "0", deny: String(1n << 10n) }],
    });
    const thread = (parentId: string, type: number, name: string) =>
      test.ctx.discord.createChannel(demoGuildId, { name, type, parentId });
    await test.sandbox.simulateMessage((await thread(hidden.id, 11, "vault-talk")).id, author, "treasure!");
    expect(await dms(watcher.userId)).toHaveLength(0);
    const general = channels.general ?? "";
    await test.sandbox.simulateMessage((await thread(general, 12, "secret-club")).id, author, "treasure?");
    expect(await dms(watcher.userId)).toHaveLength(0);
    await test.sandbox.simulateMessage((await thread(general, 11, "hunt")).id, author, "treasure map");
    expect(await dms(watcher.userId)).toHaveLength(1);
  });
});

describe("perk loss from gateway events", () => {
  it("a member update without the tier role expires the private channel; leaving does too", async () => {
    const member = await owner(people[13] ?? "", vipRole);
    await createPrivateChannel(test.ctx, demoGuildId, member, "den");
    await test.ctx.discord.removeMemberRole(demoGuildId, member.userId, vipRole);
    const info = await test.ctx.discord.getMember(demoGuildId, member.userId);
    if (!info) throw new Error("member missing");
    await test.sandbox.events.emit("memberUpdate", info);
    expect((await findMember(db(), demoGuildId, member.userId))?.expiredAt).not.toBeNull();
    const other = await owner(people[14] ?? "", vipRole);
    await createPrivateChannel(test.ctx, demoGuildId, other, "den-two");
    await test.sandbox.simulateMemberLeave(demoGuildId, other.userId);
    expect((await findMember(db(), demoGuildId, other.userId))?.expiredAt).not.toBeNull();
  });
});
