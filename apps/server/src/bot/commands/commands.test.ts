import type { CommandEntry } from "@hearth/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bindFeatureCommands,
  createTestContext,
  demoGuildId,
  type TestContext,
} from "../../../test/helpers.ts";
import { demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { updateSetup } from "../../features/setup/service.ts";
import { status } from "../../features/status/index.ts";
import { badRequest } from "../../lib/errors.ts";
import { type Bot, createBot } from "../bot.ts";
import { defineCommand } from "./command.ts";
import { applicationCommands } from "./definitions.ts";

// The command framework on the sandbox: dispatch by full path, the catalogue's access rules,
// friendly refusals, and the Discord definitions built from the catalogue.

let test: TestContext;
let bot: Bot;
const ran: string[] = [];
let plainMemberId: string;
let managerId: string;

beforeAll(async () => {
  test = await createTestContext();
  bot = createBot(test.ctx, test.sandbox);
  // The status feature counts command runs for /api/stats, as in the program.
  status.listeners?.(bot, test.ctx);
  bindFeatureCommands(bot, test.ctx, [
    defineCommand("grinder add", async (command) => {
      ran.push(`grinder add ${command.options.requireId("user")}`);
      await command.reply("Hired!");
    }),
    defineCommand("grinder profile", async (command) => {
      ran.push("grinder profile");
      await command.reply("Your profile", { ephemeral: false });
    }),
    defineCommand("settings", async () => {
      throw badRequest("That feature name isn't known.");
    }),
  ]);
  await bot.start();
  const members = await test.ctx.storage.db
    .selectFrom("sandbox_members")
    .select(["user_id", "roles"])
    .where("guild_id", "=", demoGuildId)
    .where("user_id", "!=", demoOwnerId)
    .execute();
  const roles = await test.ctx.discord.listRoles(demoGuildId);
  const privileged = new Set(
    roles.filter((role) => BigInt(role.permissions) & (8n | 32n | 268435456n)).map((r) => r.id),
  );
  const plain = members.filter(
    (member) => !(JSON.parse(member.roles) as string[]).some((id) => privileged.has(id)),
  );
  plainMemberId = plain[0]?.user_id ?? "";
  managerId = plain[1]?.user_id ?? "";
});

afterAll(async () => {
  await bot.stop();
  await test.cleanup();
});

describe("dispatch and access", () => {
  it("runs the handler of the full path for a member with the permission, privately by default", async () => {
    const responses = await test.sandbox.simulateCommand({
      guildId: demoGuildId,
      userId: demoOwnerId,
      name: "grinder",
      subcommand: "add",
      options: { user: plainMemberId },
    });
    expect(ran).toContain(`grinder add ${plainMemberId}`);
    expect(responses).toEqual([{ type: "reply", message: { content: "Hired!" }, ephemeral: true }]);
  });

  it("refuses a member without the permission, naming what's needed, and doesn't run the handler", async () => {
    ran.length = 0;
    const responses = await test.sandbox.simulateCommand({
      guildId: demoGuildId,
      userId: plainMemberId,
      name: "grinder",
      subcommand: "add",
      options: { user: managerId },
    });
    expect(ran).toEqual([]);
    expect(responses).toHaveLength(1);
    expect(responses[0]).toMatchObject({ type: "reply", ephemeral: true });
    expect(responses[0]?.message?.content).toMatch(/^You need .*Manage Server.* to use \/grinder add\.$/);
  });

  it("lets the configured grinder management role stand in for the permission", async () => {
    const role = await test.ctx.discord.createRole(demoGuildId, { name: "Payroll" });
    await test.ctx.discord.addMemberRole(demoGuildId, managerId, role.id);
    await updateSetup(
      test.ctx,
      demoGuildId,
      { managerRoleId: role.id },
      { tokenId: null, userId: demoOwnerId },
    );
    ran.length = 0;
    await test.sandbox.simulateCommand({
      guildId: demoGuildId,
      userId: managerId,
      name: "grinder",
      subcommand: "add",
      options: { user: plainMemberId },
    });
    expect(ran).toEqual([`grinder add ${plainMemberId}`]);
  });

  it("commands without a permission are open to every member, and can answer publicly", async () => {
    const responses = await test.sandbox.simulateCommand({
      guildId: demoGuildId,
      userId: plainMemberId,
      name: "grinder",
      subcommand: "profile",
    });
    expect(responses).toEqual([{ type: "reply", message: { content: "Your profile" }, ephemeral: false }]);
  });

  it("an expected failure becomes one friendly ephemeral reply", async () => {
    const responses = await test.sandbox.simulateCommand({
      guildId: demoGuildId,
      userId: demoOwnerId,
      name: "settings",
    });
    expect(responses).toEqual([
      { type: "reply", message: { content: "That feature name isn't known." }, ephemeral: true },
    ]);
  });

  it("counts command runs for /api/stats", async () => {
    const rows = await test.ctx.storage.db.selectFrom("command_runs").selectAll().execute();
    expect(rows.find((row) => row.command === "grinder add")?.count).toBeGreaterThanOrEqual(2);
  });
});

describe("Discord definitions from the catalogue", () => {
  const catalogue: CommandEntry[] = [
    {
      name: "grinder add",
      description: "Hire a grinder",
      category: "Grinder Management",
      usage: "/grinder add <user> <tier>",
      permissions: ["Manage Server"],
      examples: [],
      options: [
        { name: "user", description: "Who", type: "user", required: true },
        { name: "tier", description: "Tier", type: "string", required: true, max: 50 },
      ],
    },
    {
      name: "grinder list",
      description: "List grinders",
      category: "Grinder Management",
      usage: "/grinder list",
      permissions: [],
      examples: [],
    },
    {
      name: "votetracker admin setup",
      description: "Set up vote tracking",
      category: "Utility Tools",
      usage: "/votetracker admin setup",
      permissions: ["Administrator"],
      examples: [],
    },
    {
      name: "ping",
      description: "Pong",
      category: "Utility Tools",
      usage: "/ping",
      permissions: [],
      examples: [],
    },
  ];

  it("registers only commands with a handler, grouping subcommands under their root", () => {
    const definitions = applicationCommands(
      ["grinder add", "grinder list", "votetracker admin setup"],
      catalogue,
    );
    expect(definitions.map((definition) => definition.name)).toEqual(["grinder", "votetracker"]);
    expect(definitions[0]?.options).toEqual([
      {
        type: 1,
        name: "add",
        description: "Hire a grinder",
        options: [
          { type: 6, name: "user", description: "Who", required: true },
          { type: 3, name: "tier", description: "Tier", required: true, max_length: 50 },
        ],
      },
      { type: 1, name: "list", description: "List grinders", options: [] },
    ]);
    expect(definitions[1]?.options).toMatchObject([
      { type: 2, name: "admin", options: [{ type: 1, name: "setup" }] },
    ]);
    expect(definitions[0]?.dmPermission).toBe(false);
  });
});
