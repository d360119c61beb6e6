import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configureDemoSetup, owner, plainMembers } from "../../../test/fixtures/grinders.ts";
import {
  bindFeatureCommands,
  createTestContext,
  demoGuildId,
  type TestContext,
} from "../../../test/helpers.ts";
import { type Bot, createBot } from "../../bot/bot.ts";
import { demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { grindersBot } from "./commands.ts";
import { hireGrinder, recordPayment, toggleBreak } from "./service.ts";

// `/grinder profile` shows the history under the profile: payments first, 5 a page, with buttons
// to switch to breaks and to page, for the member who ran it only.
let t: TestContext;
let bot: Bot;
let grinderUser: string;
let other: string;

beforeAll(async () => {
  t = await createTestContext();
  await configureDemoSetup(t.ctx);
  bot = createBot(t.ctx, t.sandbox);
  bindFeatureCommands(bot, t.ctx, grindersBot.commands?.(t.ctx) ?? []);
  grindersBot.listeners?.(bot, t.ctx);
  await bot.start();
  [grinderUser = "", other = ""] = await plainMembers(t.ctx, 2);
  const hired = await hireGrinder(
    t.ctx,
    demoGuildId,
    { userId: grinderUser, tier: "Bronze" },
    { ...owner, name: "owner" },
  );
  for (let i = 1; i <= 7; i++) {
    await recordPayment(t.ctx, demoGuildId, grinderUser, i * 1000, { action: "add", by: demoOwnerId });
  }
  await toggleBreak(t.ctx, demoGuildId, hired._id, owner);
});
afterAll(async () => {
  await bot.stop();
  await t.cleanup();
});

type Component = { label?: string; customId?: string; disabled?: boolean };
const buttons = (components: unknown) => (components as Component[][] | undefined)?.[0] ?? [];
const press = async (userId: string, customId: string) => {
  const sent = await t.ctx.storage.db
    .selectFrom("sandbox_messages")
    .select("id")
    .orderBy("created_at", "desc")
    .executeTakeFirstOrThrow();
  return t.sandbox.simulateButton({ guildId: demoGuildId, userId, messageId: sent.id, customId });
};

describe("/grinder profile history", () => {
  it("shows the first page of payments under the profile, then pages and switches to breaks", async () => {
    const answer = await t.sandbox.simulateCommand({
      guildId: demoGuildId,
      userId: grinderUser,
      name: "grinder",
      subcommand: "profile",
      options: {},
    });
    const message = answer[0]?.message;
    expect(message?.embeds?.[0]?.title).toContain("grinder profile");
    const history = message?.embeds?.[1];
    expect(history?.title).toBe("Payment history");
    expect(history?.footer?.text).toBe("Page 1 of 2 · 7 in all");
    expect(history?.description?.split("\n")).toHaveLength(5);
    expect(history?.description?.split("\n")[0]).toMatch(
      /^<t:\d+:d> \+7\.0K · period total 28\.0K by <@\d+>$/,
    );
    const row = buttons(message?.components);
    expect(row.map((button) => [button.label, button.disabled])).toEqual([
      ["Payments", true],
      ["Breaks", false],
      ["Previous", true],
      ["Next", false],
    ]);
    for (const button of row) expect((button.customId ?? "").length).toBeLessThanOrEqual(100);

    const next = await press(grinderUser, row[3]?.customId ?? "");
    expect(next[0]).toMatchObject({ type: "update" });
    expect(next[0]?.message?.embeds?.[0]?.title).toContain("grinder profile");
    expect(next[0]?.message?.embeds?.[1]?.footer?.text).toBe("Page 2 of 2 · 7 in all");
    expect(next[0]?.message?.embeds?.[1]?.description?.split("\n")).toHaveLength(2);

    const breaks = await press(grinderUser, buttons(next[0]?.message?.components)[1]?.customId ?? "");
    const breakPage = breaks[0]?.message?.embeds?.[1];
    expect(breakPage?.title).toBe("Break history");
    expect(breakPage?.description).toMatch(/^<t:\d+:d> Break started by <@\d+>$/);
    expect(breakPage?.footer?.text).toBe("Page 1 of 1 · 1 in all");
  });

  it("refuses anyone but the member who ran the command", async () => {
    const answer = await t.sandbox.simulateCommand({
      guildId: demoGuildId,
      userId: grinderUser,
      name: "grinder",
      subcommand: "profile",
      options: {},
    });
    const next = buttons(answer[0]?.message?.components)[3]?.customId ?? "";
    const refused = await press(other, next);
    expect(refused[0]).toMatchObject({ type: "reply", ephemeral: true });
    expect(refused[0]?.message?.content).toMatch(
      /^Only the member who ran this `\/grinder profile` can page it/,
    );
  });
});
