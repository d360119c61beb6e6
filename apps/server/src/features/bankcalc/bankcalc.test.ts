import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  bindFeatureCommands,
  createTestContext,
  demoGuildId,
  type TestContext,
} from "../../../test/helpers.ts";
import { type Bot, createBot } from "../../bot/bot.ts";
import { demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { editSettings } from "../settings/service.ts";
import { bankcalcBot } from "./commands.ts";
import { bankCalculatorOff } from "./service.ts";

// /bankcalc through the sandbox, behind the Bank calculator switch.

describe("/bankcalc", () => {
  let t: TestContext;
  let bot: Bot;
  const ana = "100000000000000001";
  const ben = "100000000000000002";

  const run = async (options: Record<string, string | number | boolean>) => {
    const [answer] = await t.sandbox.simulateCommand({
      guildId: demoGuildId,
      userId: demoOwnerId,
      name: "bankcalc",
      options,
    });
    return answer;
  };
  const fieldsOf = (answer: Awaited<ReturnType<typeof run>>) =>
    Object.fromEntries(
      (answer?.message?.embeds?.[0]?.fields ?? []).map((field) => [field.name, field.value]),
    );
  const setSwitch = (on: boolean) =>
    editSettings(t.ctx, demoGuildId, { bankCalculatorEnabled: on }, { tokenId: null, userId: demoOwnerId });

  beforeAll(async () => {
    t = await createTestContext();
    bot = createBot(t.ctx, t.sandbox);
    bindFeatureCommands(bot, t.ctx, bankcalcBot.commands?.(t.ctx) ?? []);
    await bot.start();
  });
  afterAll(async () => {
    await bot.stop();
    await t.cleanup();
  });
  beforeEach(() => setSwitch(true));

  it("says privately that the server switched it off, and works once switched on", async () => {
    await setSwitch(false);
    const off = await run({ total: "250m", members: 5 });
    expect(off?.ephemeral).toBe(true);
    expect(off?.message?.content).toContain(bankCalculatorOff);
    await setSwitch(true);
    const on = await run({ total: "250m", members: 5 });
    expect(fieldsOf(on)["Each member gets"]).toBe("**50M** (50,000,000)");
  });

  it("takes the fee, then the organiser's cut, and shows each share and the remainder", async () => {
    const answer = await run({ total: "100m", members: 3, fee: "10", organiser_cut: "5%" });
    expect(answer?.ephemeral).toBe(true);
    expect(fieldsOf(answer)).toEqual({
      Total: "**100M** (100,000,000)",
      "Fee (10%)": "−**10M** (10,000,000)",
      "Organiser's cut (5%)": `−**4.5M** (4,500,000) to <@${demoOwnerId}>`,
      "Shared by 3": "**85.5M** (85,500,000)",
      "Each member gets": "**28.5M** (28,500,000)",
      Remainder: "none",
    });
  });

  it("lists a crew named by mentions and posts the table publicly when asked, pinging no one", async () => {
    const answer = await run({ total: "1,000,001", crew: `<@${ana}> <@!${ben}> <@${ana}>`, post: true });
    expect(answer?.ephemeral).toBe(false);
    expect(answer?.message?.allowedMentions).toEqual({});
    const embed = answer?.message?.embeds?.[0];
    expect(embed?.description).toBe(`Each gets **500K** (500,000): <@${ana}> <@${ben}>`);
    expect(fieldsOf(answer).Remainder).toBe("**1** (doesn't divide evenly)");
  });

  it.each([
    [{ total: "1.5", members: 2 }, "whole number of coins"],
    [{ total: "2 apples", members: 2 }, '**total**: Unexpected "apples" (at position 3)'],
    [{ total: "10m" }, "how many **members**"],
    [{ total: "10m", members: 3, crew: `<@${ana}>` }, "**members** says 3 but **crew** names 1"],
    [{ total: "10m", crew: "ana and ben" }, "as mentions"],
    [{ total: "10m", members: 2, fee: "120" }, "between 0 and 100%"],
    [{ total: "10m", members: 2, organiser_cut: "11m" }, "can't be more than what is left"],
  ])("explains bad input %o privately", async (options, message) => {
    const answer = await run(options);
    expect(answer?.ephemeral).toBe(true);
    expect(answer?.message?.content).toContain(message);
  });

  it("keeps a crew of 100 with the largest amounts within Discord's embed limits", async () => {
    const crew = Array.from({ length: 100 }, (_, i) => `<@${String(100000000000000000n + BigInt(i))}>`).join(
      " ",
    );
    const answer = await run({ total: "999t", crew, fee: "12.5", organiser_cut: "7.75%" });
    const embed = answer?.message?.embeds?.[0];
    const size = JSON.stringify([embed?.title, embed?.description, embed?.fields, embed?.footer]).length;
    expect(embed?.description?.length).toBeLessThanOrEqual(4096);
    expect(size).toBeLessThan(6000);
    expect(embed?.description).toContain("<@100000000000000099>");
  });
});
