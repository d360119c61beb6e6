import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { addMember, channelId, outbox } from "../../../test/fixtures/giveaways.ts";
import {
  bindFeatureCommands,
  createTestContext,
  demoGuildId,
  dialects,
  type TestContext,
} from "../../../test/helpers.ts";
import { type Bot, createBot } from "../../bot/bot.ts";
import { demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { refreshInvites } from "../invites/tracker.ts";
import { giveawaysBot } from "./commands.ts";
import { putGiveawayConfig } from "./config.ts";
import { getGiveawayDetail, listParticipants } from "./queries.ts";

// /giveaway … and the Enter / Leave buttons through the sandbox.

describe.each(dialects)("giveaways on the bot (%s)", (dialect) => {
  let t: TestContext;
  let bot: Bot;
  let giveawaysChannel: string;

  const run = (subcommand: string, options: Record<string, string | number> = {}, userId = demoOwnerId) =>
    t.sandbox.simulateCommand({ guildId: demoGuildId, userId, name: "giveaway", subcommand, options });
  const participants = (messageId: string) =>
    listParticipants(t.ctx, demoGuildId, messageId, { limit: 100, offset: 0 });
  const click = (messageId: string, userId: string, customId = "giveaway:enter") =>
    t.sandbox.simulateButton({ guildId: demoGuildId, userId, messageId, customId });

  /** Starts a giveaway through the command; answers its message id from the reply. */
  async function start(options: Record<string, string | number> = {}) {
    const responses = await run("start", { prize: "Nitro", duration: "1h30m", winners: 1, ...options });
    const id = /Message ID: `(\d+)`/.exec(responses[0]?.message?.content ?? "")?.[1];
    if (!id) throw new Error(`no giveaway started: ${JSON.stringify(responses)}`);
    return id;
  }

  beforeAll(async () => {
    t = await createTestContext({ dialect });
    bot = createBot(t.ctx, t.sandbox);
    bindFeatureCommands(bot, t.ctx, giveawaysBot.commands?.(t.ctx) ?? []);
    giveawaysBot.listeners?.(bot, t.ctx);
    await bot.start();
    giveawaysChannel = await channelId(t.ctx);
  });
  afterAll(async () => {
    await bot.stop();
    await t.cleanup();
  });
  beforeEach(async () => {
    await t.ctx.storage.db.deleteFrom("sandbox_outbox").execute();
  });

  describe("/giveaway start", () => {
    it("warns staff when min_invites can't be met because invites aren't counted", async () => {
      const listInvites = vi.spyOn(t.sandbox, "listInvites").mockResolvedValue(null);
      try {
        expect((await refreshInvites(t.ctx, demoGuildId))?.status).toBe("unavailable");
        const responses = await run("start", { prize: "Nitro", duration: "1h", min_invites: 2 });
        expect(responses[0]?.message?.content).toContain(
          "⚠️ Invites aren't being counted in this server yet: Hearth needs the **Manage Server** permission to see invites.",
        );
      } finally {
        listInvites.mockRestore();
      }
      expect((await refreshInvites(t.ctx, demoGuildId))?.status).toBe("active");
      const counted = await run("start", { prize: "Nitro", duration: "1h", min_invites: 2 });
      expect(counted[0]?.message?.content).not.toContain("⚠️");
    });

    it("posts the giveaway with its Enter button and confirms privately with a jump link", async () => {
      const before = Date.now();
      const responses = await run("start", {
        prize: "Nitro Classic",
        duration: "1h30m",
        winners: 2,
        channel: giveawaysChannel,
        min_account_age: 7,
      });
      expect(responses).toHaveLength(1);
      expect(responses[0]).toMatchObject({ type: "reply", ephemeral: true });
      const content = responses[0]?.message?.content ?? "";
      const messageId = /Message ID: `(\d+)`/.exec(content)?.[1] ?? "";
      expect(content).toContain(
        `[Jump to it](https://discord.com/channels/${demoGuildId}/${giveawaysChannel}/${messageId})`,
      );
      const detail = await getGiveawayDetail(t.ctx, demoGuildId, messageId);
      expect(detail).toMatchObject({
        prize: "Nitro Classic",
        winnerCount: 2,
        hostId: demoOwnerId,
        minAccountAge: 7,
        channelId: giveawaysChannel,
      });
      expect(detail.endTime - before).toBeGreaterThanOrEqual(90 * 60_000);
      expect(detail.endTime - Date.now()).toBeLessThanOrEqual(90 * 60_000);
      const [posted] = await outbox(t.ctx, "message.send");
      expect(posted?.message.components?.[0]?.[0]?.customId).toBe("giveaway:enter");
    });

    it.each([
      ["soon", "Duration must look like 30m, 12h, 1h30m, 2d or 1w."],
      ["30s", "Duration must be between 1 minute and 90 days."],
      ["100d", "Duration must be between 1 minute and 90 days."],
    ])("refuses the duration %s, naming what's wrong", async (duration, message) => {
      const responses = await run("start", { prize: "Nitro", duration, winners: 1 });
      expect(responses).toEqual([{ type: "reply", ephemeral: true, message: { content: message } }]);
      expect(await outbox(t.ctx, "message.send")).toEqual([]);
    });

    it("is refused to a member without Manage Server or the event manager role", async () => {
      const member = await addMember(t.ctx);
      const responses = await run("start", { prize: "Nitro", duration: "1h", winners: 1 }, member);
      expect(responses[0]?.message?.content).toMatch(/Manage Server/);
    });
  });

  describe("the Enter and Leave buttons", () => {
    it("enters with the multiplier's entries, offers Leave, and leaving withdraws the entry", async () => {
      const booster = await t.ctx.discord.createRole(demoGuildId, { name: "Booster" });
      await putGiveawayConfig(
        t.ctx,
        demoGuildId,
        { tokenId: null, userId: demoOwnerId },
        {
          bypassRoles: [],
          blacklistRoles: [],
          multiplierRoles: [{ roleId: booster.id, multiplier: 3 }],
        },
      );
      const messageId = await start();
      const member = await addMember(t.ctx, { roleIds: [booster.id] });

      const entered = await click(messageId, member);
      expect(entered).toEqual([
        {
          type: "reply",
          ephemeral: true,
          message: {
            content: "🎉 You're in! You have 3 entries (a role of yours multiplies them). Good luck!",
            components: [
              [
                {
                  type: "button",
                  style: "danger",
                  label: "Leave giveaway",
                  customId: `giveaway:leave:${messageId}`,
                },
              ],
            ],
          },
        },
      ]);
      expect(await participants(messageId)).toMatchObject([{ userId: member, entries: 3 }]);

      // A second click says so and still offers the way out.
      const again = await click(messageId, member);
      expect(again[0]?.message?.content).toBe("You've already entered this giveaway.");
      expect(again[0]?.message?.components?.[0]?.[0]).toMatchObject({
        customId: `giveaway:leave:${messageId}`,
      });

      const plain = await addMember(t.ctx);
      expect((await click(messageId, plain))[0]?.message?.content).toBe(
        "🎉 You're in! You have 1 entry. Good luck!",
      );

      const left = await click(messageId, member, `giveaway:leave:${messageId}`);
      expect(left).toEqual([
        {
          type: "update",
          message: {
            content: "You left the giveaway. Changed your mind? Press **Enter** on it again.",
            components: [],
          },
        },
      ]);
      expect((await participants(messageId)).map((entry) => entry.userId)).toEqual([plain]);
      const leftAgain = await click(messageId, member, `giveaway:leave:${messageId}`);
      expect(leftAgain[0]).toMatchObject({
        ephemeral: true,
        message: { content: "You haven't entered this giveaway." },
      });
    });

    it("a member who misses a requirement is told which one, and is not entered", async () => {
      const vip = await t.ctx.discord.createRole(demoGuildId, { name: "VIP" });
      const messageId = await start({ min_account_age: 30, required_role: vip.id });
      const young = await addMember(t.ctx, { accountAgeDays: 3, roleIds: [vip.id] });
      expect((await click(messageId, young))[0]).toEqual({
        type: "reply",
        ephemeral: true,
        message: {
          content: "Your Discord account must be at least 30 days old to enter (it is 3 days old).",
        },
      });
      const noRole = await addMember(t.ctx);
      expect((await click(messageId, noRole))[0]?.message?.content).toBe(
        `You need the role <@&${vip.id}> to enter.`,
      );
      expect(await participants(messageId)).toEqual([]);
    });
  });

  describe("/giveaway end, reroll and list", () => {
    it("ends with a draw, announces it, rerolls, and lists running and ended ones", async () => {
      const running = await start({ prize: "Still running" });
      const messageId = await start({ prize: "Steam key", winners: 1 });
      const a = await addMember(t.ctx);
      const b = await addMember(t.ctx);
      await click(messageId, a);
      await click(messageId, b);

      const ended = await run("end", { message_id: messageId });
      expect(ended[0]?.message?.content).toMatch(
        /^🏁 Ended the giveaway for \*\*Steam key\*\* \(2 entrants\)\. Winners: <@\d+>/,
      );
      const first = (await getGiveawayDetail(t.ctx, demoGuildId, messageId)).winners;
      expect(Array.isArray(first) && first.length).toBe(1);
      const announcement = (await outbox(t.ctx, "message.send")).at(-1);
      expect(announcement?.message.content).toContain("You won **Steam key**");

      expect((await run("end", { message_id: messageId }))[0]?.message?.content).toBe(
        "This giveaway has already ended",
      );
      const rerolled = await run("reroll", { message_id: messageId });
      const winnerBefore = Array.isArray(first) ? first[0]?.userId : "";
      const other = winnerBefore === a ? b : a;
      expect(rerolled[0]?.message?.content).toContain(`New Winners: <@${other}>`);
      expect((await run("reroll", { message_id: messageId }))[0]?.message?.content).toMatch(/no one is left/);
      expect((await run("reroll", { message_id: "12" }))[0]?.message?.content).toMatch(/^message_id must be/);
      expect((await run("end", { message_id: "123456789012345678" }))[0]?.message?.content).toBe(
        "No such giveaway in this server",
      );

      const member = await addMember(t.ctx);
      const listed = await run("list", {}, member);
      const fields = listed[0]?.message?.embeds?.[0]?.fields ?? [];
      expect(fields[0]?.name).toMatch(/^Running \(\d+\)$/);
      expect(fields[0]?.value).toMatch(
        new RegExp(`\\*\\*Still running\\*\\* · ends <t:\\d+:R> · 0 entries · \`${running}\``),
      );
      expect(fields[1]?.name).toBe("Recently ended");
      expect(fields[1]?.value).toContain(`**Steam key** · ended <t:`);
      expect(fields[1]?.value).toContain(`2 entries · \`${messageId}\``);
    });
  });
});
