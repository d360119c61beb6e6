import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { failure, openEmbedsFixture, x } from "../../../test/fixtures/embeds.ts";
import { demoGuildId, dialects, type TestContext } from "../../../test/helpers.ts";
import type { MemberInfo } from "../../discord/port/port.ts";
import { openEditSession, previewMessage, resolveChannel, sendSession } from "./sending.ts";
import { changeDraft, openSession } from "./service.ts";

describe.each(dialects)("embed builder service (%s)", (dialect) => {
  let test: TestContext;
  let channels: Record<string, string>;
  let owner: MemberInfo;
  let member: MemberInfo;

  beforeAll(async () => {
    ({ test, channels, owner, member } = await openEmbedsFixture(dialect));
  });
  afterAll(async () => {
    await test.cleanup();
  });

  describe("sending", () => {
    it("fills in tags for the sender and posts in the channel", async () => {
      const session = await openSession(test.ctx, {
        serverId: demoGuildId,
        userId: owner.user.id,
        draft: { title: "Hi {user.name}", description: "Welcome to {server.name}", timestamp: true },
      });
      const sent = await sendSession(test.ctx, session, owner, {
        channel: "#general",
        content: "Hey {user.mention}",
      });
      expect(sent).toMatchObject({ channelId: channels.general, edited: false });
      const message = await test.ctx.discord.getMessage(sent.channelId, sent.messageId);
      expect(message?.embeds[0]).toMatchObject({
        title: `Hi ${owner.user.username}`,
        description: "Welcome to Ember Hollow",
      });
      expect(message?.embeds[0]?.timestamp).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect(message?.content).toBe(`Hey <@${owner.user.id}>`);
      const preview = (await previewMessage(test.ctx, demoGuildId, owner, session.draft)).embed;
      expect(preview.title).toBe(`Hi ${owner.user.username}`);
    });

    it("accepts a channel as a mention, an id or a name, and refuses others", async () => {
      expect((await resolveChannel(test.ctx, demoGuildId, `<#${channels.events}>`)).name).toBe("events");
      expect((await resolveChannel(test.ctx, demoGuildId, channels.memes ?? "")).name).toBe("memes");
      expect((await resolveChannel(test.ctx, demoGuildId, "Announcements")).name).toBe("announcements");
      expect((await failure(resolveChannel(test.ctx, demoGuildId, "#nowhere"))).message).toBe(
        "I can't find a channel “#nowhere” in this server.",
      );
      expect((await failure(resolveChannel(test.ctx, demoGuildId, channels.Lounge ?? ""))).message).toBe(
        "#Lounge isn't a text or announcement channel.",
      );
    });

    it("won't post where the sender can't post", async () => {
      const session = await openSession(test.ctx, {
        serverId: demoGuildId,
        userId: member.user.id,
        draft: { title: "x" },
      });
      const refused = await failure(sendSession(test.ctx, session, member, { channel: "#rules" }));
      expect(refused.message).toBe(
        `You can't post in <#${channels.rules}> yourself, so I won't post there for you.`,
      );
    });

    it("checks the limits again with the tags filled in", async () => {
      // 18 mentions are 252 characters as written, but about 380 once each is a member's mention.
      const draft = { title: "{user.mention}".repeat(18) };
      const session = await openSession(test.ctx, { serverId: demoGuildId, userId: owner.user.id, draft });
      const refused = await failure(sendSession(test.ctx, session, owner, { channel: "#general" }));
      expect(refused.message).toMatch(
        /^With the tags filled in, the embed breaks Discord's limits:\n• The title is \d{3} characters; the limit is 256\.$/,
      );
      // The preview shows the text as written when the filled-in one wouldn't fit.
      expect((await previewMessage(test.ctx, demoGuildId, owner, draft)).embed.title).toBe(draft.title);
    });

    it("edits a message Hearth posted in place, keeping its text and other embeds", async () => {
      const posted = await test.ctx.discord.sendMessage(channels.events ?? "", {
        content: "Event!",
        embeds: [{ title: "Old", color: 0x112233 }, { description: "second" }],
      });
      const session = await openEditSession(test.ctx, {
        serverId: demoGuildId,
        userId: owner.user.id,
        member: owner,
        channelId: channels.events ?? "",
        messageId: posted.id,
      });
      expect(session.draft).toEqual({ title: "Old", color: "#112233" });
      const changed = await changeDraft(test.ctx, session, { ...session.draft, title: "New" });
      if (!changed.ok) throw new Error("change refused");
      const result = await sendSession(test.ctx, changed.session, owner);
      expect(result).toEqual({ channelId: channels.events, messageId: posted.id, edited: true });
      const message = await test.ctx.discord.getMessage(channels.events ?? "", posted.id);
      expect(message?.content).toBe("Event!");
      expect(message?.embeds).toEqual([{ title: "New", color: 0x112233 }, { description: "second" }]);
    });

    it("an edit keeps the message within 6000 characters counting its other embeds", async () => {
      const posted = await test.ctx.discord.sendMessage(channels.events ?? "", {
        embeds: [{ title: "Old" }, { description: x(3000) }],
      });
      const session = await openEditSession(test.ctx, {
        serverId: demoGuildId,
        userId: owner.user.id,
        member: owner,
        channelId: channels.events ?? "",
        messageId: posted.id,
      });
      const changed = await changeDraft(test.ctx, session, { description: x(3001) });
      if (!changed.ok) throw new Error("a 3001-character embed is valid on its own");
      const refused = await failure(sendSession(test.ctx, changed.session, owner));
      expect(refused.message).toBe(
        "With the message's other embeds (3000 characters), it would have 6001 characters in all; Discord's limit for a message is 6000.",
      );
      const unchanged = await test.ctx.discord.getMessage(channels.events ?? "", posted.id);
      expect(unchanged?.embeds[0]).toEqual({ title: "Old" });
    });

    it("refuses to edit a message that isn't Hearth's, has no embed, or doesn't exist", async () => {
      const open = (messageId: string) =>
        failure(
          openEditSession(test.ctx, {
            serverId: demoGuildId,
            userId: owner.user.id,
            member: owner,
            channelId: channels.general ?? "",
            messageId,
          }),
        );
      const theirs = await test.sandbox.simulateMessage(channels.general ?? "", member.user.id, "mine");
      expect((await open(theirs.id)).message).toBe(
        "I can only edit messages Hearth posted; that one is someone else's.",
      );
      const plain = await test.ctx.discord.sendMessage(channels.general ?? "", { content: "no embed" });
      expect((await open(plain.id)).message).toBe("That message has no embed to edit.");
      expect((await open("123456789012345678")).message).toContain("I can't find message 123456789012345678");
      expect((await open("abc")).message).toContain("must be a message ID");
    });
  });
});
