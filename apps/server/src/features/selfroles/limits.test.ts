import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSelfRoleFixture, type SelfRoleFixture } from "../../../test/fixtures/selfroles.ts";
import { expectAppError } from "../../../test/fixtures/statica.ts";
import { bindFeatureCommands } from "../../../test/helpers.ts";
import { type Bot, createBot } from "../../bot/bot.ts";
import { selfrolesBot } from "./commands.ts";
import { createPanel } from "./panels.ts";
import * as roleStore from "./role-store.ts";
import * as store from "./store.ts";
import { addToWhitelist, removeFromWhitelist } from "./whitelist.ts";

// The limits table and defaults of the self-roles page that no other test pinned down.

let t: SelfRoleFixture;
let bot: Bot;

const post = (name: string, extra: { title?: string; description?: string } = {}) =>
  createPanel(t.ctx, t.serverId, t.ownerId, {
    name,
    display: "buttons",
    roles: [{ roleId: t.role("Red"), emoji: null }],
    channelId: t.channels["self-roles"] ?? "",
    ...extra,
  });
const run = (subcommand: string, options: Record<string, string> = {}) =>
  t.sandbox.simulateCommand({
    guildId: t.serverId,
    userId: t.ownerId,
    name: "selfroles",
    subcommand,
    options,
    channelId: t.channels["bot-commands"] ?? "",
  });

beforeAll(async () => {
  t = await openSelfRoleFixture();
  bot = createBot(t.ctx, t.sandbox);
  bindFeatureCommands(bot, t.ctx, selfrolesBot.commands?.(t.ctx) ?? []);
  await bot.start();
  for (const name of ["Red", "Blue"]) await addToWhitelist(t.ctx, t.serverId, t.ownerId, t.role(name));
});
afterAll(async () => {
  await bot.stop();
  await t.cleanup();
});

describe("self-role limits and defaults", () => {
  it("panel name 1–50 characters, title 256, description 1,000", async () => {
    await expectAppError(post("n".repeat(51)), 400, "name", /1 to 50 characters/);
    await expectAppError(post("Long title", { title: "t".repeat(257) }), 400, "title", /limit is 256/);
    await expectAppError(
      post("Long text", { description: "d".repeat(1001) }),
      400,
      "description",
      /limit is 1000/,
    );
    const fits = await post("n".repeat(50), { title: "t".repeat(256), description: "d".repeat(1000) });
    expect(fits.panel.name).toHaveLength(50);
  });

  it("quick titles a panel 'Pick your roles' and uses buttons unless told otherwise", async () => {
    const reply = await run("quick", {
      channel: t.channels["self-roles"] ?? "",
      roles: `<@&${t.role("Red")}>`,
    });
    expect(JSON.stringify(reply)).toContain("(1 role, buttons)");
    const panel = (await store.listPanels(t.ctx.storage.db, t.serverId)).at(-1);
    expect(panel).toMatchObject({ title: "Pick your roles", display: "buttons" });
  });

  it("removing a role from the whitelist takes it off every panel", async () => {
    const { panel } = await createPanel(t.ctx, t.serverId, t.ownerId, {
      name: "Two colours",
      display: "buttons",
      roles: [
        { roleId: t.role("Red"), emoji: null },
        { roleId: t.role("Blue"), emoji: null },
      ],
      channelId: t.channels["self-roles"] ?? "",
    });
    expect((await removeFromWhitelist(t.ctx, t.serverId, t.role("Blue"))).panels).toBe(1);
    const after = await store.findPanel(t.ctx.storage.db, t.serverId, panel.id);
    expect(after?.roles.map((role) => role.roleId)).toEqual([t.role("Red")]);
  });

  it("/selfroles list shows up to 25 panels, then 'and X more'", async () => {
    const existing = (await store.listPanels(t.ctx.storage.db, t.serverId)).length;
    for (let i = existing; i < 27; i++) await post(`Filler ${i}`);
    const reply = JSON.stringify(await run("list"));
    expect(reply).toContain("Self-role panels (27)");
    expect(reply).toContain("and 2 more");
  });

  it("the whitelist holds 250 roles, whitelisted and blacklisted together", async () => {
    const listed = (await roleStore.listRoles(t.ctx.storage.db, t.serverId)).length;
    const db = t.ctx.storage.db;
    const fake = (i: number) => String(300000000000000000n + BigInt(i));
    for (let i = listed; i < 250; i++) await roleStore.whitelistRole(db, t.serverId, fake(i), null, 0);
    await roleStore.blacklistRole(
      db,
      t.serverId,
      fake(249),
      { reason: "gained Administrator", removedFrom: [] },
      0,
    );
    expect(await roleStore.listRoles(t.ctx.storage.db, t.serverId)).toHaveLength(250);
    await expectAppError(
      addToWhitelist(t.ctx, t.serverId, t.ownerId, t.role("Green")),
      400,
      "role",
      /at most 250 roles/,
    );
  });
});
