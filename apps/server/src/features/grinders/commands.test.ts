import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  channelId,
  configureDemoSetup,
  memberRoles,
  owner,
  plainMembers,
  roleId,
} from "../../../test/fixtures/grinders.ts";
import {
  bindFeatureCommands,
  createTestContext,
  demoGuildId,
  type TestContext,
} from "../../../test/helpers.ts";
import { type Bot, createBot } from "../../bot/bot.ts";
import { channelPermissions, hasPermissions, Permission } from "../../discord/roles/permissions.ts";
import { demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { grindersBot } from "./commands.ts";
import { dmPacing } from "./dm.ts";
import { registerGrinderJobs } from "./jobs.ts";
import { findGrinderByUser, hireGrinder } from "./service.ts";

// The /grinder commands on the sandbox, through the command framework and the grinder services.

let t: TestContext;
let bot: Bot;
let members: string[];
let managerId: string;
let roles: Record<string, string>;
let logChannel: string;

beforeAll(async () => {
  t = await createTestContext();
  registerGrinderJobs(t.ctx);
  await configureDemoSetup(t.ctx);
  bot = createBot(t.ctx, t.sandbox);
  bindFeatureCommands(bot, t.ctx, grindersBot.commands?.(t.ctx) ?? []);
  await bot.start();
  members = await plainMembers(t.ctx, 8);
  roles = {};
  for (const name of ["Grinder", "Bronze", "Silver", "Gold", "Grinder Manager"]) {
    roles[name] = await roleId(t.ctx, name);
  }
  managerId = members[7] as string;
  await t.ctx.discord.addMemberRole(demoGuildId, managerId, roles["Grinder Manager"] as string);
  logChannel = await channelId(t.ctx, "grinder-logs");
  Object.assign(dmPacing, { intervalMs: 0, retries: 0, retryDelayMs: 0 });
});
afterAll(async () => {
  await bot.stop();
  await t.cleanup();
});
afterEach(() => vi.useRealTimers());
beforeEach(async () => {
  await t.ctx.storage.db.deleteFrom("grinders").execute();
  await t.ctx.storage.db.deleteFrom("grinder_payments").execute();
});

const member = (index: number) => members[index] as string;
const run = (subcommand: string, options: Record<string, string | boolean> = {}, userId = demoOwnerId) =>
  t.sandbox.simulateCommand({ guildId: demoGuildId, userId, name: "grinder", subcommand, options });
const text = (responses: Awaited<ReturnType<typeof run>>) => responses[0]?.message?.content ?? "";
const embed = (responses: Awaited<ReturnType<typeof run>>) => responses[0]?.message?.embeds?.[0];
const hire = (index: number, tier: string) =>
  hireGrinder(t.ctx, demoGuildId, { userId: member(index), tier }, owner);

async function logged(after: number): Promise<string[]> {
  const rows = await t.ctx.storage.db
    .selectFrom("sandbox_messages")
    .select(["payload", "created_at"])
    .where("channel_id", "=", logChannel)
    .where("created_at", ">=", after)
    .execute();
  return rows.map((row) => row.payload);
}

describe("/grinder add", () => {
  it("hires with roles, records a first payment like 1.5m, replies and logs", async () => {
    const before = Date.now();
    const responses = await run("add", { user: member(0), tier: "gold", payment: "1.5m" });
    expect(responses).toHaveLength(1);
    expect(responses[0]?.ephemeral).toBe(true);
    expect(text(responses)).toContain(`<@${member(0)}> is now a **Gold** grinder`);
    expect(text(responses)).toContain("1.5M");
    expect(await memberRoles(t.ctx, member(0))).toEqual(expect.arrayContaining([roles.Grinder, roles.Gold]));
    expect(await findGrinderByUser(t.ctx, demoGuildId, member(0))).toMatchObject({
      tier: "Gold",
      paidThisPeriod: 1_500_000,
      paid: true,
    });
    expect((await logged(before)).join()).toContain("Grinder hired");
  });

  it("refuses a bad amount before hiring anyone", async () => {
    const responses = await run("add", { user: member(1), tier: "Bronze", payment: "lots" });
    expect(text(responses)).toMatch(/payment\*\* must be a number like 250k or 1\.5m/);
    expect(await findGrinderByUser(t.ctx, demoGuildId, member(1))).toBeNull();
  });

  it("refuses an unknown tier, naming the tiers", async () => {
    expect(text(await run("add", { user: member(1), tier: "Platinum" }))).toMatch(
      /Bronze, Silver, Gold, Diamond/,
    );
  });

  it("lets the grinder manager role hire, and refuses a plain member", async () => {
    expect(text(await run("add", { user: member(1), tier: "Bronze" }, managerId))).toContain("Bronze");
    expect(text(await run("add", { user: member(2), tier: "Bronze" }, member(3)))).toMatch(
      /^You need Manage Server/,
    );
  });
});

describe("/grinder profile", () => {
  it("shows your own profile as an embed", async () => {
    await hire(0, "Silver");
    const card = embed(await run("profile", {}, member(0)));
    const fields = Object.fromEntries((card?.fields ?? []).map((f) => [f.name, f.value]));
    expect(fields.Tier).toBe("Silver");
    expect(fields["Payment owed"]).toBe("500.0K per period");
    expect(fields.Status).toMatch(/Unpaid · 500.0K due/);
    expect(fields.Hired).toMatch(/<t:\d+:D>/);
    expect(fields.Break).toBe("Not on a break");
  });

  it("another grinder's profile is for managers only", async () => {
    await hire(0, "Silver");
    expect(text(await run("profile", { user: member(0) }, member(1)))).toMatch(/Only grinder managers/);
    expect(embed(await run("profile", { user: member(0) }, managerId))?.title).toContain("grinder profile");
  });

  it("tells a non-grinder they aren't on the team", async () => {
    expect(text(await run("profile", {}, member(5)))).toBe("You aren't on the grinder team.");
  });
});

describe("/grinder payments", () => {
  it("adds and sets amounts, and moves a grinder up when a higher tier's payment is reached", async () => {
    await hire(0, "Bronze");
    const added = text(await run("payments", { action: "add", user: member(0), amount: "100k" }));
    expect(added).toContain("**100.0K** this period of 250.0K");
    const set = text(await run("payments", { action: "set", user: member(0), amount: "0.5m" }));
    expect(set).toContain("Moved up from Bronze to **Silver**");
    expect(await memberRoles(t.ctx, member(0))).toContain(roles.Silver);
    expect(await memberRoles(t.ctx, member(0))).not.toContain(roles.Bronze);
  });

  it("refuses a malformed amount and a member who isn't a grinder", async () => {
    await hire(0, "Bronze");
    expect(text(await run("payments", { action: "add", user: member(0), amount: "1.5x" }))).toMatch(
      /amount\*\* must be a number like 250k or 1\.5m/,
    );
    expect(text(await run("payments", { action: "add", user: member(4), amount: "1k" }))).toMatch(
      /not an active grinder/,
    );
  });
});

describe("/grinder break", () => {
  it("takes the tier role, and the durable job gives it back when the break ends", async () => {
    await hire(0, "Gold");
    const reply = text(await run("break", { user: member(0), duration: "1w" }));
    expect(reply).toMatch(/on a break until <t:\d+:F>/);
    expect(await memberRoles(t.ctx, member(0))).not.toContain(roles.Gold);
    const job = await t.ctx.storage.db
      .selectFrom("jobs")
      .selectAll()
      .where("kind", "=", "grinders.break-end")
      .orderBy("run_at", "desc")
      .executeTakeFirstOrThrow();
    const weekFromNow = Date.now() + 7 * 86_400_000;
    expect(Math.abs(job.run_at - weekFromNow)).toBeLessThan(60_000);

    // A week later the durable job is due: it gives the tier role back.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(job.run_at + 1000);
    await t.ctx.jobs.runDue();
    expect(await memberRoles(t.ctx, member(0))).toContain(roles.Gold);
    expect(await findGrinderByUser(t.ctx, demoGuildId, member(0))).toMatchObject({ onBreak: false });
    vi.useRealTimers();
  });

  it("refuses a duration in the wrong format", async () => {
    await hire(0, "Gold");
    expect(text(await run("break", { user: member(0), duration: "2h" }))).toMatch(/1d, 1w or 1m/);
    expect(await memberRoles(t.ctx, member(0))).toContain(roles.Gold);
  });
});

describe("/grinder remove and resign", () => {
  it("remove takes the roles, archives and logs", async () => {
    await hire(0, "Silver");
    const before = Date.now();
    expect(text(await run("remove", { user: member(0) }))).toContain("record archived");
    expect(await findGrinderByUser(t.ctx, demoGuildId, member(0))).toBeNull();
    const held = await memberRoles(t.ctx, member(0));
    expect(held).not.toContain(roles.Silver);
    expect(held).not.toContain(roles.Grinder);
    expect((await logged(before)).join()).toContain("Grinder removed");
    const archived = await t.ctx.storage.db
      .selectFrom("grinders")
      .select(["archived_at", "archive_reason"])
      .where("user_id", "=", member(0))
      .executeTakeFirstOrThrow();
    expect(archived).toMatchObject({ archived_at: expect.any(Number), archive_reason: "removed" });
  });

  it("resign lets a grinder leave; a non-grinder is told so", async () => {
    await hire(1, "Bronze");
    expect(text(await run("resign", {}, member(1)))).toContain("You've left the grinder team");
    expect(await findGrinderByUser(t.ctx, demoGuildId, member(1))).toBeNull();
    expect(text(await run("resign", {}, member(1)))).toBe("You aren't on the grinder team.");
  });
});

describe("/grinder list, summary, dm, ticket", () => {
  it("list shows grinders with status, filtered by tier; an unknown tier is refused", async () => {
    await hire(0, "Bronze");
    await hire(1, "Gold");
    const all = embed(await run("list"));
    expect(all?.description).toContain(`<@${member(0)}> · Bronze`);
    expect(all?.footer?.text).toBe("2 grinders");
    const gold = embed(await run("list", { tier: "gold" }));
    expect(gold?.description).not.toContain(member(0));
    expect(text(await run("list", { tier: "Wood" }))).toMatch(/No tier named "Wood"/);
  });

  it("summary totals grinders, paid/unpaid, collected and breaks", async () => {
    await hire(0, "Bronze");
    await hire(1, "Bronze");
    await hire(2, "Gold");
    await run("payments", { action: "add", user: member(0), amount: "250k" });
    await run("break", { user: member(2), duration: "3d" });
    const card = embed(await run("summary"));
    expect(card?.description).toContain("3 grinders · ✅ 1 paid · ❌ 1 unpaid · 🌴 1 on break");
    expect(card?.description).toContain("Collected this period: **250.0K**");
    const bronze = card?.fields?.find((f) => f.name.startsWith("Bronze"));
    expect(bronze?.value).toContain("2 grinders");
    expect(text(await run("summary", { tier: "Wood" }))).toMatch(/No tier named/);
  });

  it("dm sends to the chosen group and reports sent and failed", async () => {
    await hire(0, "Bronze");
    await hire(1, "Gold");
    await run("payments", { action: "add", user: member(0), amount: "250k" });
    expect(text(await run("dm", { target: "unpaid", message: "Pay up" }))).toBe("Sent to 1 of 1 grinder.");
    expect(text(await run("dm", { target: "tier", message: "Gold meeting", tier: "Gold" }))).toBe(
      "Sent to 1 of 1 grinder.",
    );
    expect(text(await run("dm", { target: "tier", message: "Hi" }))).toMatch(/give the \*\*tier\*\*/);
  });

  it("ticket opens a channel under the ticket category, pinging the grinder and the managers", async () => {
    await hire(0, "Bronze");
    const category = await channelId(t.ctx, "Tickets", 4);
    const reply = text(await run("ticket", {}, member(0)));
    const id = /<#(\d+)>/.exec(reply)?.[1];
    const channel = (await t.ctx.discord.listChannels(demoGuildId)).find((c) => c.id === id);
    expect(channel).toMatchObject({ parentId: category, type: 0 });
    // Private: only the grinder (and managers, and the bot) can see it.
    const roles = await t.ctx.discord.listRoles(demoGuildId);
    const guild = await t.ctx.discord.getGuild(demoGuildId);
    const canSee = async (userId: string) => {
      const who = await t.ctx.discord.getMember(demoGuildId, userId);
      if (!who || !channel || !guild) return false;
      const bits = channelPermissions({
        ownerId: guild.ownerId,
        roles,
        member: { userId, roleIds: who.roleIds },
        channel,
      });
      return hasPermissions(bits, Permission.ViewChannel);
    };
    expect(channel?.permissionOverwrites).toContainEqual(
      expect.objectContaining({ id: demoGuildId, type: "role", deny: String(Permission.ViewChannel) }),
    );
    expect(await canSee(member(0))).toBe(true);
    expect(await canSee(member(4))).toBe(false);
    expect(text(await run("ticket", {}, member(0)))).toMatch(/already have a ticket open/);
    expect(text(await run("ticket", {}, member(4)))).toBe("You aren't on the grinder team.");
  });
});
