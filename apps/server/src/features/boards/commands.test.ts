import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BoardsFixture, openBoardsFixture } from "../../../test/fixtures/boards.ts";
import { demoGuildId } from "../../../test/helpers.ts";
import type { Button } from "../../discord/port/port.ts";
import { demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { deleteBoard } from "./service.ts";
import * as store from "./store.ts";

let t: BoardsFixture;
let channels: Record<string, string>;
let members: string[];

const run = (
  subcommand: string,
  options: Record<string, string | number | boolean> = {},
  userId = demoOwnerId,
) =>
  t.sandbox.simulateCommand({
    guildId: demoGuildId,
    userId,
    name: "boards",
    subcommand,
    options,
    channelId: channels["bot-commands"],
  });
const text = (responses: unknown) => JSON.stringify(responses);

beforeAll(async () => {
  t = await openBoardsFixture({ commands: true });
  ({ channels, members } = t);
});
afterAll(() => t.close());

describe("/boards", () => {
  it("admin commands need Manage Server; the read commands are open to everyone", async () => {
    // A plain member (no Manage Server in the demo server).
    const plain = members.find((id) => id !== demoOwnerId) ?? "";
    const member = await t.ctx.discord.getMember(demoGuildId, plain);
    const roles = await t.ctx.discord.listRoles(demoGuildId);
    const strong = member?.roleIds.some((id) => {
      const bits = BigInt(roles.find((role) => role.id === id)?.permissions ?? "0");
      return (bits & 40n) !== 0n;
    });
    expect(strong).toBe(false);
    for (const sub of ["create", "edit", "delete", "cleanup"]) {
      const replies = await run(
        sub,
        { name: "x", board: "x", emoji: "⭐", channel: channels.starboard ?? "" },
        plain,
      );
      expect(replies[0]).toMatchObject({ ephemeral: true });
      expect(text(replies)).toContain(`You need Manage Server to use /boards ${sub}`);
    }
    const list = await run("list", {}, plain);
    expect(list[0]).toMatchObject({ type: "reply", ephemeral: false });
    expect(text(list)).toContain("no boards yet");
  });

  it("create answers with the board; bad input gets an ephemeral error naming the field", async () => {
    const bad = await run("create", { name: "a".repeat(51), emoji: "⭐", channel: channels.general ?? "" });
    expect(bad[0]).toMatchObject({ ephemeral: true });
    expect(text(bad)).toContain("at most 50");
    const badEmoji = await run("create", { name: "stars", emoji: "nope", channel: channels.general ?? "" });
    expect(text(badEmoji)).toContain(`emoji: \\"nope\\" isn't an emoji`);
    const created = await run("create", {
      name: "Starboard",
      emoji: "⭐",
      channel: channels.general ?? "",
      min_reactions: 2,
    });
    expect(created[0]).toMatchObject({ type: "reply", ephemeral: true });
    expect(text(created)).toContain("Created the board **Starboard**");
    expect(text(created)).toContain("2 ⭐ reactions");
    const dup = await run("create", { name: "starboard", emoji: "💀", channel: channels.memes ?? "" });
    expect(text(dup)).toContain('already a board called \\"Starboard\\"');

    const list = await run("list");
    expect(text(list)).toContain("⭐ Starboard");
    expect(text(list)).toContain("2 reactions needed · starboard · ✅ enabled");
  });

  it("edit, check, top, recent and stats answer from the counted reactions", async () => {
    const edited = await run("edit", { board: "starboard", channel: channels.media ?? "", min_reactions: 2 });
    expect(text(edited)).toContain("channel → <#");
    const sent = await t.sandbox.simulateMessage(channels.general ?? "", members[0] ?? "", "a great message");
    for (const user of members.slice(1, 4)) {
      await t.sandbox.simulateReaction({
        channelId: channels.general ?? "",
        messageId: sent.id,
        userId: user,
        emoji: "⭐",
      });
    }
    const check = await run("check", { message_id: sent.id });
    expect(text(check)).toContain("**3** / 2 · on the board");
    const top = await run("top", { limit: 5 });
    expect(top[0]).toMatchObject({ ephemeral: false });
    expect(text(top)).toContain("⭐ **3** · <@");
    expect(text(top)).toContain("a great message");
    const recent = await run("recent", { hours: 2 });
    expect(text(recent)).toContain("last 2 hours");
    expect(text(recent)).toContain("a great message");
    const stats = await run("stats", { board: "Starboard" });
    expect(text(stats)).toContain("On the board: **1**");
    expect(text(stats)).toContain(`<@${members[0]}> (1)`);
    const missing = await run("stats", { board: "ghost" });
    expect(missing[0]).toMatchObject({ ephemeral: true });
    expect(text(missing)).toContain('no board called \\"ghost\\"');
    const badId = await run("check", { message_id: "hello" });
    expect(text(badId)).toContain("message_id: give a message ID");
  });

  it("top and recent fit 25 long messages into one embed and say how many were left out", async () => {
    await run("create", { name: "Overflow", emoji: "🎉", channel: channels.memes ?? "", min_reactions: 1 });
    for (let i = 0; i < 25; i++) {
      const sent = await t.sandbox.simulateMessage(
        channels.general ?? "",
        members[0] ?? "",
        `${i} ${"a long and winding message ".repeat(10)}`,
      );
      await t.sandbox.simulateReaction({
        channelId: channels.general ?? "",
        messageId: sent.id,
        userId: members[1] ?? "",
        emoji: "🎉",
      });
    }
    for (const [sub, options] of [
      ["top", { board: "overflow", limit: 25 }],
      ["recent", { board: "overflow" }],
    ] as const) {
      const replies = await run(sub, options);
      const embed = replies[0]?.message?.embeds?.[0];
      expect(embed?.description?.length ?? 0).toBeGreaterThan(3000);
      expect(embed?.description?.length ?? 0).toBeLessThanOrEqual(4096);
      const shown = embed?.description?.split("\n").filter((line) => line.startsWith("**")).length ?? 0;
      expect(shown).toBeLessThan(25);
      expect(embed?.footer?.text).toMatch(sub === "top" ? /^\d+ more didn't fit/ : /^and \d+ more$/);
      expect(embed?.footer?.text).toContain(String(25 - Math.min(shown, sub === "top" ? 25 : 15)));
    }
    // Out of the way of the next tests, which count the server's stored messages.
    const board = await store.findBoardByName(t.ctx.storage.db, demoGuildId, "overflow");
    await deleteBoard(t.ctx, demoGuildId, board?.id ?? 0);
  });

  it("cleanup reports what it did", async () => {
    const replies = await run("cleanup");
    expect(text(replies)).toContain("Checked 1 stored message on 1 board");
    expect(text(replies)).toContain("Removed 0 posts");
  });

  it("delete asks first; only Manage Server can confirm; confirming removes board and posts", async () => {
    const question = await run("delete", { board: "starboard" });
    expect(question[0]).toMatchObject({ type: "reply", ephemeral: true });
    const buttons = (question[0]?.message?.components?.[0] ?? []) as Button[];
    expect(buttons.map((b) => b.label)).toEqual(["Delete board", "Cancel"]);
    const confirm = buttons[0]?.customId ?? "";
    const board = await store.findBoardByName(t.ctx.storage.db, demoGuildId, "starboard");
    expect(board).not.toBeNull();

    // Sandbox buttons live on a message; a real message of the channel stands in for the reply.
    const host = await t.ctx.discord.sendMessage(channels["bot-commands"] ?? "", { content: "host" });
    const cancel = await t.sandbox.simulateButton({
      guildId: demoGuildId,
      userId: demoOwnerId,
      messageId: host.id,
      customId: buttons[1]?.customId ?? "",
    });
    expect(text(cancel)).toContain("the board was kept");
    const refused = await t.sandbox.simulateButton({
      guildId: demoGuildId,
      userId: members[0] ?? "",
      messageId: host.id,
      customId: confirm,
    });
    expect(text(refused)).toContain("You need Manage Server to delete a board");
    expect(await store.findBoard(t.ctx.storage.db, board?.id ?? 0)).not.toBeNull();

    const done = await t.sandbox.simulateButton({
      guildId: demoGuildId,
      userId: demoOwnerId,
      messageId: host.id,
      customId: confirm,
    });
    expect(text(done)).toContain("Deleted the board **Starboard**, 1 stored message and 1 post");
    expect(await store.findBoard(t.ctx.storage.db, board?.id ?? 0)).toBeNull();
  });
});
