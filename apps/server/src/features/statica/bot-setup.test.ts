import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStaticaFixture, type StaticaFixture } from "../../../test/fixtures/statica.ts";
import { bindFeatureCommands, demoGuildId } from "../../../test/helpers.ts";
import { type Bot, createBot } from "../../bot/bot.ts";
import { demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import type { SandboxInteractionResponse } from "../../discord/sandbox/interaction-answers.ts";
import { parseKeywordText } from "./bot-setup.ts";
import { staticaBot } from "./commands.ts";
import { keptEvents, latestRewardEvents, recordRewardEvents } from "./event-store.ts";
import { setupPanel } from "./setup-panel.ts";
import { findConfig } from "./store.ts";

// `/statica setup` and `/statica logs` on the sandbox: the panel edits a draft kept in the database,
// Save applies the dashboard's rules, and the logs list what the bot gave and took back.

let fx: StaticaFixture;
let bot: Bot;
let panelId: string;
let plainMember: string;

const description = (responses: SandboxInteractionResponse[]) =>
  responses.at(-1)?.message?.embeds?.[0]?.description ?? "";
const replyText = (responses: SandboxInteractionResponse[]) => responses.at(-1)?.message?.content ?? "";

const select = (customId: string, values: string[], userId = demoOwnerId) =>
  fx.sandbox.simulateSelect({ guildId: demoGuildId, userId, messageId: panelId, customId, values });
const click = (customId: string, userId = demoOwnerId) =>
  fx.sandbox.simulateButton({ guildId: demoGuildId, userId, messageId: panelId, customId });

beforeAll(async () => {
  fx = await openStaticaFixture();
  bot = createBot(fx.ctx, fx.sandbox);
  bindFeatureCommands(bot, fx.ctx, staticaBot.commands?.(fx.ctx) ?? []);
  staticaBot.listeners?.(bot, fx.ctx);
  await bot.start();
  // The panel is an ephemeral reply on Discord; here it is posted so its components can be used.
  const panel = await setupPanel(fx.ctx, demoGuildId, demoOwnerId);
  panelId = (await fx.ctx.discord.sendMessage(fx.channels.general ?? "", panel)).id;
  const members = await fx.ctx.storage.db
    .selectFrom("sandbox_members")
    .select(["user_id", "roles"])
    .where("guild_id", "=", demoGuildId)
    .where("user_id", "!=", demoOwnerId)
    .execute();
  const roles = await fx.ctx.discord.listRoles(demoGuildId);
  const powerful = new Set(roles.filter((r) => (BigInt(r.permissions) & 40n) !== 0n).map((r) => r.id));
  plainMember =
    members.find((m) => !(JSON.parse(m.roles) as string[]).some((id) => powerful.has(id)))?.user_id ?? "";
});

afterAll(async () => {
  await bot.stop();
  await fx.cleanup();
});

describe("/statica setup", () => {
  it("opens a private panel showing the defaults when nothing is saved", async () => {
    const responses = await fx.sandbox.simulateCommand({
      guildId: demoGuildId,
      userId: demoOwnerId,
      name: "statica",
      subcommand: "setup",
    });
    expect(responses[0]).toMatchObject({ type: "reply", ephemeral: true });
    const text = description(responses);
    expect(text).toContain("**Detection:** Server tag and/or status (either is enough)");
    expect(text).toContain("none yet (pick them below)");
    const rows = responses[0]?.message?.components ?? [];
    expect(rows.map((row) => row[0]?.type)).toEqual(["select", "select", "select", "button", "button"]);
  });

  it("keeps changes in a draft and refuses to save an incomplete setup, naming what is missing", async () => {
    expect(description(await select("statica:setup:type", ["status"]))).toContain(
      "**Detection:** Status keywords",
    );
    const reward = fx.role("Giveaway Ping");
    expect(description(await select("statica:setup:roles", [reward]))).toContain(`<@&${reward}>`);
    const refused = await click("statica:setup:save");
    expect(refused.at(-1)).toMatchObject({ ephemeral: true });
    expect(replyText(refused)).toMatch(/keyword/i);
    expect(await findConfig(fx.ctx.storage.db, demoGuildId)).toBeNull();
  });

  it("opens the keyword form pre-filled, and checks what comes back", async () => {
    const opened = await click("statica:setup:keywords");
    expect(opened[0]?.type).toBe("modal");
    expect(opened[0]?.modal?.fields.map((field) => field.customId)).toEqual(["keywords", "match", "case"]);
    const bad = await fx.sandbox.simulateModal({
      guildId: demoGuildId,
      userId: demoOwnerId,
      messageId: panelId,
      customId: "statica:setup:keywords-form",
      fields: { keywords: "hearth", match: "most", case: "no" },
    });
    expect(replyText(bad)).toBe('Match must be "any" or "all".');
    const good = await fx.sandbox.simulateModal({
      guildId: demoGuildId,
      userId: demoOwnerId,
      messageId: panelId,
      customId: "statica:setup:keywords-form",
      fields: { keywords: "hearth, ember hollow\n discord.gg/ember", match: "all", case: "no" },
    });
    expect(description(good)).toContain("`hearth`, `ember hollow`, `discord.gg/ember` (all needed");
  });

  it("only members with Manage Server may use the panel", async () => {
    const refused = await select("statica:setup:type", ["server_tag"], plainMember);
    expect(replyText(refused)).toBe("You need the Manage Server permission to change Statica.");
  });

  it("saves and turns rewards on; the draft is gone and the saved setup is what was built", async () => {
    const saved = await click("statica:setup:save-enable");
    expect(replyText(saved)).toBe("Saved. Rewards are on.");
    expect(description(saved)).toContain("Saved · rewards are **on**");
    const stored = await findConfig(fx.ctx.storage.db, demoGuildId);
    expect(stored?.config).toMatchObject({
      enabled: true,
      type: "status",
      roleConfig: { status: [fx.role("Giveaway Ping")] },
      conditions: { status: { keywords: ["hearth", "ember hollow", "discord.gg/ember"], matchType: "all" } },
    });
    const draft = await fx.ctx.storage.db.selectFrom("statica_setup_drafts").selectAll().execute();
    expect(draft).toEqual([]);
  });

  it("splits keyword text on commas and new lines, dropping blanks", () => {
    expect(parseKeywordText(" a, b ,,\nc \n")).toEqual(["a", "b", "c"]);
    expect(parseKeywordText("")).toEqual([]);
  });
});

describe("/statica logs", () => {
  it("lists the latest grants and removals, newest first, up to the limit", async () => {
    const reward = fx.role("Giveaway Ping");
    await fx.sandbox.simulatePresence(demoGuildId, plainMember, {
      customStatus: "hearth + ember hollow + discord.gg/ember",
    });
    await fx.sandbox.simulatePresence(demoGuildId, plainMember, { customStatus: "away" });
    const responses = await fx.sandbox.simulateCommand({
      guildId: demoGuildId,
      userId: demoOwnerId,
      name: "statica",
      subcommand: "logs",
      options: { limit: 5 },
    });
    const lines = description(responses).split("\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(new RegExp(`➖ <@${plainMember}> lost <@&${reward}>$`));
    expect(lines[1]).toMatch(new RegExp(`➕ <@${plainMember}> received <@&${reward}>$`));
  });

  it("keeps only the latest events of a server", async () => {
    const userIds = Array.from({ length: keptEvents + 5 }, (_, i) => String(100 + i));
    for (const [index, userId] of userIds.entries()) {
      await recordRewardEvents(fx.ctx.storage.db, "42", userId, "added", ["7"], index);
    }
    const count = await fx.ctx.storage.db
      .selectFrom("statica_events")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("server_id", "=", "42")
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(keptEvents);
    expect((await latestRewardEvents(fx.ctx.storage.db, "42", 1))[0]?.userId).toBe(userIds.at(-1));
  });
});
