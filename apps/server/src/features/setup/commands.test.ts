import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { channelId, plainMembers, roleId } from "../../../test/fixtures/grinders.ts";
import {
  bindFeatureCommands,
  createTestContext,
  demoGuildId,
  type TestContext,
} from "../../../test/helpers.ts";
import { type Bot, createBot } from "../../bot/bot.ts";
import { demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { getServerSetup as getSetup } from "../grinders/service.ts";
import { guilds } from "../guilds/index.ts";
import { settings } from "../settings/index.ts";
import { editSettings, getSettings } from "../settings/service.ts";
import { setup } from "./index.ts";

let t: TestContext;
let bot: Bot;
let plainId: string;

beforeAll(async () => {
  t = await createTestContext();
  bot = createBot(t.ctx, t.sandbox);
  bindFeatureCommands(
    bot,
    t.ctx,
    [setup, settings, guilds].flatMap((feature) => feature.commands?.(t.ctx) ?? []),
  );
  await bot.start();
  [plainId = ""] = await plainMembers(t.ctx, 1);
});
afterAll(async () => {
  await bot.stop();
  await t.cleanup();
});

type Options = Record<string, string | boolean>;
const run = (
  name: string,
  options: Options = {},
  extra: { subcommand?: string; userId?: string; channelId?: string } = {},
) =>
  t.sandbox.simulateCommand({
    guildId: demoGuildId,
    userId: extra.userId ?? demoOwnerId,
    name,
    subcommand: extra.subcommand,
    channelId: extra.channelId,
    options,
  });
type Responses = Awaited<ReturnType<typeof run>>;
const text = (responses: Responses) => responses[0]?.message?.content ?? "";
const fieldsOf = (responses: Responses) =>
  Object.fromEntries((responses[0]?.message?.embeds?.[0]?.fields ?? []).map((f) => [f.name, f.value]));

describe("/setup", () => {
  it("without options shows the setup, what's missing and the next steps", async () => {
    const fields = fieldsOf(await run("setup"));
    expect(fields["Manager role"]).toBe("❌ Not set");
    expect(fields["Tiers (0)"]).toBe("❌ None yet");
    expect(fields["Next steps"]).toContain("`manager_role`");
    expect(fields["Next steps"]).toContain("/setup tier_name:Bronze tier_payment:250k tier_role:@Bronze");
    expect(fields["Next steps"]).toContain("/dashboard create");
  });

  it("writes the same setup record as the dashboard, and adds a tier", async () => {
    const manager = await roleId(t.ctx, "Grinder Manager");
    const base = await roleId(t.ctx, "Grinder");
    const logs = await channelId(t.ctx, "grinder-logs");
    const tickets = await channelId(t.ctx, "Tickets", 4);
    const bronze = await roleId(t.ctx, "Bronze");
    const responses = await run("setup", {
      manager_role: manager,
      grinder_role: base,
      log_channel: logs,
      ticket_category: tickets,
      payment_period: "monthly",
      tier_switch: true,
      tier_name: "Bronze",
      tier_payment: "1.5m",
      tier_role: bronze,
    });
    expect(text(responses)).toMatch(/^Setup saved \(7 changes\)/);
    const setup = await getSetup(t.ctx, demoGuildId);
    expect(setup).toMatchObject({
      managerRoleId: manager,
      grinderBaseRoleId: base,
      logChannelId: logs,
      ticketCategoryId: tickets,
      grinders: { paymentPeriod: "monthly", switchTierEnabled: true },
      tiers: ["Bronze"],
      payments: [1_500_000],
      tierRoles: { Bronze: bronze },
    });
    expect(fieldsOf(responses)["Tiers (1)"]).toContain("**Bronze**: 1.5M per period");
  });

  it("refuses a wrong kind of channel, naming the option, and saves nothing", async () => {
    const text1 = text(await run("setup", { log_channel: await channelId(t.ctx, "Tickets", 4) }));
    expect(text1).toMatch(/^\*\*log_channel\*\*: #Tickets is not a text channel/);
    expect((await getSetup(t.ctx, demoGuildId)).logChannelId).toBe(await channelId(t.ctx, "grinder-logs"));
    expect(text(await run("setup", { tier_name: "Silver" }))).toMatch(
      /tier_name\*\*, \*\*tier_payment\*\* and \*\*tier_role\*\* together/,
    );
    expect(
      text(
        await run("setup", {
          tier_name: "Silver",
          tier_payment: "lots",
          tier_role: await roleId(t.ctx, "Silver"),
        }),
      ),
    ).toMatch(/tier_payment\*\* must be an amount like 250k/);
  });

  it("is for administrators", async () => {
    expect(text(await run("setup", {}, { userId: plainId }))).toMatch(/^You need Administrator/);
  });
});

describe("/settings", () => {
  it("without options lists every feature's state", async () => {
    const fields = fieldsOf(await run("settings"));
    expect(Object.keys(fields)).toEqual(
      expect.arrayContaining([
        "Tips (`tips`)",
        "Heist image (`heist_image`)",
        "Anti-pool protection (`anti_pool`)",
      ]),
    );
  });

  it("switches one feature through the settings service", async () => {
    expect(text(await run("settings", { feature: "tips", toggle: false }))).toBe("**Tips** is now ⛔ Off.");
    expect((await getSettings(t.ctx, demoGuildId)).tipsEnabled).toBe(false);
    expect(text(await run("settings", { feature: "tips", toggle: true }))).toBe("**Tips** is now ✅ On.");
    expect(text(await run("settings", { feature: "tips" }))).toMatch(/^\*\*Tips\*\* is ✅ On/);
  });

  it("applies the anti-pool rule: can't switch off while a pool manager is set", async () => {
    await editSettings(
      t.ctx,
      demoGuildId,
      { antiPoolShow: { poolManagerId: plainId } },
      { tokenId: null, userId: demoOwnerId },
    );
    const refusal = text(await run("settings", { feature: "anti_pool", toggle: false }));
    expect(refusal).toMatch(/Cannot disable Anti-Pool Protection/);
    // /settings can't clear the pool manager: the refusal says where it is cleared.
    expect(refusal).toContain("cleared on the dashboard's Settings tab");
    expect((await getSettings(t.ctx, demoGuildId)).antiPoolShow.toggle).toBe(true);
  });

  it("refuses a toggle without a feature, and members without the permission", async () => {
    expect(text(await run("settings", { toggle: true }))).toMatch(/Choose a \*\*feature\*\*/);
    expect(text(await run("settings", {}, { userId: plainId }))).toMatch(
      /^You need Administrator or Manage Server/,
    );
  });
});

describe("/permissions check", () => {
  const check = (options: Options = {}) => run("permissions", options, { subcommand: "check" });

  it("reports everything fine while the bot is an administrator at the top", async () => {
    const responses = await check();
    expect(responses[0]?.message?.embeds?.[0]?.title).toBe("Hearth has everything it needs");
  });

  it("names what's missing per feature when the bot loses permissions and role height", async () => {
    const hearth = await roleId(t.ctx, "Hearth");
    const bronze = await roleId(t.ctx, "Bronze");
    // Only Send Messages + View Channel, and below the Bronze tier role.
    await t.ctx.storage.db
      .updateTable("sandbox_roles")
      .set({ permissions: String(1024 + 2048), position: 2 })
      .where("id", "=", hearth)
      .execute();
    await t.ctx.storage.db
      .updateTable("sandbox_roles")
      .set({ position: 50 })
      .where("id", "=", bronze)
      .execute();
    await t.ctx.storage.db
      .updateTable("sandbox_roles")
      .set({ permissions: "0" })
      .where("id", "=", demoGuildId)
      .execute();
    const responses = await check({ channel: await channelId(t.ctx, "general") });
    const fields = fieldsOf(responses);
    expect(fields.Grinders).toContain("Missing: Manage Roles, Manage Channels");
    expect(fields.Grinders).toContain(`<@&${bronze}>`);
    expect(fields.Moderation).toBe("❌ Missing: Ban Members, Kick Members, Moderate Members");
    expect(fields.Giveaways).toContain("Missing: Embed Links, Add Reactions");
    expect(fields.Giveaways).toContain("channel overrides not checked");
    expect(fields.Statica).toBe("❌ Missing: Manage Roles");
  });
});
