import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configureDemoSetup, owner as grinderOwner } from "../../../test/fixtures/grinders.ts";
import { expectAppError } from "../../../test/fixtures/statica.ts";
import {
  bindFeatureCommands,
  createTestContext,
  demoGuildId,
  type TestContext,
} from "../../../test/helpers.ts";
import { type Bot, createBot } from "../../bot/bot.ts";
import type { AppContext } from "../../context.ts";
import { demoBotId, demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { DatabaseJobQueue } from "../../jobs/queue.ts";
import { hireGrinder, setBreak } from "../grinders/service.ts";
import { recordGivenReward as recordReward } from "../statica/service.ts";
import { moderationBot } from "./commands.ts";
import { registerModerationJobs } from "./jobs.ts";
import { assignRole, removeRole, syncRoles } from "./roles.ts";
import { banUser, kickMember, listCases, timeoutMember, unbanJob, unbanUser, warnMember } from "./service.ts";

let test: TestContext;
let bot: Bot;
let roles: Record<string, string>;
let plain: string[];
let moderators: string[];
let adminId: string;
let closedDm: string;

const owner = () => ({ userId: demoOwnerId, roleIds: [roles.Owner ?? ""] });
const mod = () => ({ userId: moderators[0] ?? "", roleIds: [roles.Member ?? "", roles.Moderator ?? ""] });

async function outbox(action: string) {
  const rows = await test.ctx.storage.db
    .selectFrom("sandbox_outbox")
    .select("payload")
    .where("action", "=", action)
    .orderBy("id")
    .execute();
  return rows.map((row) => JSON.parse(row.payload) as Record<string, unknown>);
}

beforeAll(async () => {
  test = await createTestContext();
  registerModerationJobs(test.ctx);
  bot = createBot(test.ctx, test.sandbox);
  bindFeatureCommands(bot, test.ctx, moderationBot.commands?.(test.ctx) ?? []);
  moderationBot.listeners?.(bot, test.ctx);
  await bot.start();
  roles = Object.fromEntries((await test.ctx.discord.listRoles(demoGuildId)).map((r) => [r.name, r.id]));
  const members = await test.ctx.storage.db
    .selectFrom("sandbox_members as m")
    .innerJoin("sandbox_users as u", "u.id", "m.user_id")
    .select(["m.user_id", "m.roles", "u.dm_open", "u.bot"])
    .where("m.guild_id", "=", demoGuildId)
    .where("m.user_id", "not in", [demoOwnerId, demoBotId])
    .orderBy("m.user_id")
    .execute();
  const held = (row: { roles: string }) => JSON.parse(row.roles) as string[];
  const staff = [roles.Moderator, roles.Admin, roles["Grinder Manager"], roles["Event Manager"]];
  plain = members
    .filter((m) => m.dm_open === 1 && !held(m).some((r) => staff.includes(r)))
    .map((m) => m.user_id);
  moderators = members.filter((m) => held(m).includes(roles.Moderator ?? "")).map((m) => m.user_id);
  adminId = members.find((m) => held(m).includes(roles.Admin ?? ""))?.user_id ?? "";
  closedDm = members.find((m) => m.dm_open === 0 && !held(m).some((r) => staff.includes(r)))?.user_id ?? "";
});

afterAll(async () => {
  await bot.stop();
  await test.cleanup();
});

describe("moderation rules", () => {
  it("refuses oneself, the bot, the owner, and members at or above the moderator or the bot", async () => {
    const target = (userId: string) => ({ userId, reason: "x" });
    await expectAppError(
      warnMember(test.ctx, demoGuildId, mod(), target(mod().userId)),
      400,
      "user",
      /yourself/,
    );
    await expectAppError(warnMember(test.ctx, demoGuildId, mod(), target(demoBotId)), 400, "user", /myself/);
    await expectAppError(
      warnMember(test.ctx, demoGuildId, mod(), target(demoOwnerId)),
      403,
      undefined,
      /owner/,
    );
    await expectAppError(
      kickMember(test.ctx, demoGuildId, mod(), target(moderators[1] ?? "")),
      403,
      undefined,
      /at or above yours/,
    );
    // The owner outranks everyone, but the Admin role sits just below the bot: allowed; Owner-role holders aren't.
    const ownerRoleHolder = await test.sandbox.simulateMemberJoin(
      demoGuildId,
      { username: "coowner" },
      {
        roleIds: [roles.Owner ?? ""],
      },
    );
    await expectAppError(
      warnMember(test.ctx, demoGuildId, owner(), target(ownerRoleHolder.user.id)),
      403,
      undefined,
      /at or above mine/,
    );
    await expectAppError(
      warnMember(test.ctx, demoGuildId, mod(), target("123")),
      404,
      undefined,
      /not a member/,
    );
  });

  it("validates durations: timeouts up to 28 days, with clear messages", async () => {
    const userId = plain[0] ?? "";
    await expectAppError(
      timeoutMember(test.ctx, demoGuildId, mod(), { userId, duration: "29d" }),
      400,
      "duration",
      /28 days/,
    );
    await expectAppError(
      timeoutMember(test.ctx, demoGuildId, mod(), { userId, duration: "soon" }),
      400,
      "duration",
      /like 10m/,
    );
    await expectAppError(warnMember(test.ctx, demoGuildId, mod(), { userId, reason: " " }), 400, "reason");
  });

  it("warns and times out with numbered cases; the warning is DMed, closed DMs don't stop it", async () => {
    const userId = plain[0] ?? "";
    const warned = await warnMember(test.ctx, demoGuildId, mod(), { userId, reason: "Keep memes in #memes" });
    expect(warned).toMatchObject({ notified: true, case: { caseNumber: 1, action: "warn" } });
    const dm = (await outbox("dm.send")).at(-1) as { userId: string; message: { content: string } };
    expect(dm.userId).toBe(userId);
    expect(dm.message.content).toMatch(/warning in \*\*Ember Hollow\*\*: Keep memes in #memes/);
    const closed = await warnMember(test.ctx, demoGuildId, mod(), { userId: closedDm, reason: "Spam" });
    expect(closed).toMatchObject({ notified: false, case: { caseNumber: 2 } });

    const before = Date.now();
    const timed = await timeoutMember(test.ctx, demoGuildId, mod(), {
      userId,
      duration: "28d",
      reason: "Spam",
    });
    expect(timed.case.expiresAt).toBeGreaterThanOrEqual(before + 28 * 86_400_000);
    expect((await outbox("member.timeout")).at(-1)).toMatchObject({ userId, until: timed.case.expiresAt });
  });

  it("DMs before kicking, then kicks", async () => {
    const userId = plain[1] ?? "";
    const kicked = await kickMember(test.ctx, demoGuildId, mod(), { userId, reason: "Spamming" });
    expect(kicked.notified).toBe(true);
    const dms = await outbox("dm.send");
    expect(dms.at(-1)).toMatchObject({
      userId,
      message: { content: "You were kicked from **Ember Hollow**: Spamming" },
    });
    expect(await test.ctx.discord.getMember(demoGuildId, userId)).toBeNull();
  });

  it("a temporary ban ends on time through a durable job, run by a fresh queue (a restart)", async () => {
    const userId = plain[2] ?? "";
    const banned = await banUser(test.ctx, demoGuildId, mod(), {
      userId,
      reason: "Scam links",
      duration: "7d",
      deleteDays: 1,
    });
    expect((await outbox("member.ban")).at(-1)).toMatchObject({
      userId,
      reason: "Scam links",
      deleteMessageSeconds: 86_400,
    });
    expect(banned.case.durationMs).toBe(7 * 86_400_000);
    // Time passes; another process with its own queue picks the job up.
    await test.ctx.storage.db
      .updateTable("jobs")
      .set({ run_at: Date.now() - 1 })
      .where("kind", "=", unbanJob)
      .execute();
    const restarted: AppContext = {
      ...test.ctx,
      jobs: new DatabaseJobQueue(test.ctx.storage, test.ctx.logger),
    };
    registerModerationJobs(restarted);
    expect(await restarted.jobs.runDue()).toBe(1);
    expect((await outbox("member.unban")).at(-1)).toMatchObject({ userId });
    const cases = await listCases(test.ctx, demoGuildId, { userId });
    expect(cases.cases[0]).toMatchObject({
      action: "unban",
      moderatorId: null,
      reason: expect.stringMatching(/ended/),
    });
    await restarted.jobs.stop();
  });

  it("an early unban cancels the scheduled end; unbanning someone not banned says so", async () => {
    const userId = plain[3] ?? "";
    const banned = await banUser(test.ctx, demoGuildId, mod(), { userId, duration: "1d" });
    await unbanUser(test.ctx, demoGuildId, mod(), { userId, reason: "Appeal accepted" });
    const job = await test.ctx.storage.db
      .selectFrom("jobs")
      .select("status")
      .where("dedupe_key", "=", `moderation-unban:${banned.case.id}`)
      .executeTakeFirst();
    expect(job?.status).not.toBe("pending");
    await expectAppError(unbanUser(test.ctx, demoGuildId, mod(), { userId }), 404, undefined, /not banned/);
  });
});

describe("role commands' rules", () => {
  const admin = () => ({ userId: adminId, roleIds: [roles.Admin ?? ""], permissions: "8" });
  const manager = () => ({
    userId: "m",
    roleIds: [roles["Grinder Manager"] ?? ""],
    permissions: String(32n | 268_435_456n),
  });

  it("gives and takes roles below the bot and the caller; refuses managed, higher and dangerous roles", async () => {
    const userId = plain[4] ?? "";
    const eventsPing = roles["Events Ping"] ?? "";
    await test.ctx.discord.removeMemberRole(demoGuildId, userId, eventsPing).catch(() => undefined);
    await assignRole(test.ctx, demoGuildId, manager(), { userId, roleId: eventsPing });
    expect((await test.ctx.discord.getMember(demoGuildId, userId))?.roleIds).toContain(eventsPing);
    await expectAppError(assignRole(test.ctx, demoGuildId, manager(), { userId, roleId: eventsPing }), 409);
    await removeRole(test.ctx, demoGuildId, manager(), { userId, roleId: eventsPing });
    await expectAppError(removeRole(test.ctx, demoGuildId, manager(), { userId, roleId: eventsPing }), 409);

    await expectAppError(
      assignRole(test.ctx, demoGuildId, admin(), { userId, roleId: roles["Server Booster"] ?? "" }),
      400,
      "role",
      /managed/,
    );
    await expectAppError(
      assignRole(test.ctx, demoGuildId, owner2(), { userId, roleId: roles.Owner ?? "" }),
      403,
      undefined,
      /above my highest role/,
    );
    await expectAppError(
      assignRole(test.ctx, demoGuildId, manager(), { userId, roleId: roles.Moderator ?? "" }),
      403,
      undefined,
      /above your highest role/,
    );
    // Admin grants Administrator: only an Administrator may hand it out (the owner is one).
    await expectAppError(
      assignRole(
        test.ctx,
        demoGuildId,
        { ...admin(), permissions: "0" },
        { userId, roleId: roles["Grinder Manager"] ?? "" },
      ),
      403,
      undefined,
      /only an Administrator/,
    );
    await assignRole(test.ctx, demoGuildId, admin(), { userId, roleId: roles["Grinder Manager"] ?? "" });
  });

  const owner2 = () => ({ userId: demoOwnerId, roleIds: [roles.Owner ?? ""], permissions: "8" });

  it("sync gives back recorded reward roles and forgets members who left", async () => {
    const member = plain[5] ?? "";
    const member2 = plain[6] ?? "";
    const reward = roles["Giveaway Ping"] ?? "";
    await test.ctx.discord.removeMemberRole(demoGuildId, member, reward).catch(() => undefined);
    await recordReward(
      test.ctx.storage.db,
      demoGuildId,
      { userId: member, roleId: reward, category: "status" },
      1,
    );
    await recordReward(
      test.ctx.storage.db,
      demoGuildId,
      { userId: "gone", roleId: reward, category: "status" },
      2,
    );
    expect(await syncRoles(test.ctx, demoGuildId, { userId: member })).toEqual({
      checked: 1,
      restored: 1,
      forgotten: 0,
      skipped: 0,
    });
    expect(await syncRoles(test.ctx, demoGuildId, { userId: "gone" })).toEqual({
      checked: 1,
      restored: 0,
      forgotten: 1,
      skipped: 0,
    });
    expect((await test.ctx.discord.getMember(demoGuildId, member))?.roleIds).toContain(reward);
    expect(await syncRoles(test.ctx, demoGuildId, { userId: member2 })).toEqual({
      checked: 0,
      restored: 0,
      forgotten: 0,
      skipped: 0,
    });
  });
});

describe("role sync of grinder roles", () => {
  it("gives back a lost tier or base role; a grinder on a break gets only the base role", async () => {
    await configureDemoSetup(test.ctx);
    const [worker, resting] = [plain[7] ?? "", plain[8] ?? ""];
    const hired = await hireGrinder(test.ctx, demoGuildId, { userId: worker, tier: "Bronze" }, grinderOwner);
    const onBreak = await hireGrinder(
      test.ctx,
      demoGuildId,
      { userId: resting, tier: "Silver" },
      grinderOwner,
    );
    await setBreak(test.ctx, demoGuildId, onBreak._id, true, { tokenId: null, userId: demoOwnerId });
    const bronze = roles.Bronze ?? "";
    const silver = roles.Silver ?? "";
    const base = roles.Grinder ?? "";
    await test.ctx.discord.removeMemberRole(demoGuildId, worker, bronze);
    await test.ctx.discord.removeMemberRole(demoGuildId, worker, base);
    await test.ctx.discord.removeMemberRole(demoGuildId, resting, base);
    expect(await syncRoles(test.ctx, demoGuildId, { userId: worker })).toEqual({
      checked: 2,
      restored: 2,
      forgotten: 0,
      skipped: 0,
    });
    expect(await syncRoles(test.ctx, demoGuildId, { userId: resting })).toEqual({
      checked: 1,
      restored: 1,
      forgotten: 0,
      skipped: 0,
    });
    const after = async (userId: string) => (await test.ctx.discord.getMember(demoGuildId, userId))?.roleIds;
    expect(await after(worker)).toEqual(expect.arrayContaining([bronze, base]));
    expect(await after(resting)).toContain(base);
    expect(await after(resting)).not.toContain(silver);
    expect(hired.tier).toBe("Bronze");
  });
});

describe("moderation commands on the sandbox", () => {
  const run = (userId: string, name: string, subcommand: string, options: Record<string, string | number>) =>
    test.sandbox.simulateCommand({ guildId: demoGuildId, userId, name, subcommand, options });

  it("a member without Moderate Members is refused; a moderator's warn answers with the case", async () => {
    const refused = await run(plain[7] ?? "", "mod", "warn", { user: plain[8] ?? "", reason: "x" });
    expect(refused[0]?.message?.content).toMatch(/Moderate Members/);
    const warned = await run(mod().userId, "mod", "warn", { user: plain[8] ?? "", reason: "Be nice" });
    expect(warned[0]).toMatchObject({ ephemeral: true });
    expect(warned[0]?.message?.content).toMatch(/Warned <@\d+>\. Case #\d+\. They were told by DM\./);
    const onOwner = await run(mod().userId, "mod", "kick", { user: demoOwnerId });
    expect(onOwner[0]?.message?.content).toMatch(/server owner can't be moderated/);
  });

  it("the audit is a paged embed; the Older button shows the next page", async () => {
    for (let i = 0; i < 11; i++)
      await warnMember(test.ctx, demoGuildId, mod(), { userId: plain[9] ?? "", reason: `w${i}` });
    const audit = await run(mod().userId, "mod", "audit", { user: plain[9] ?? "" });
    const message = audit[0]?.message;
    expect(message?.embeds?.[0]?.footer?.text).toBe("Page 1 of 2 · 11 cases");
    expect(message?.embeds?.[0]?.description).toMatch(/⚠️ Warn · <@\d+>.*by <@\d+> · <t:\d+:R>\nReason: w10/);
    const older = message?.components?.[0]?.[1];
    expect(older).toMatchObject({ type: "button", label: "Older ▶", disabled: false });
    const sent = await test.ctx.storage.db
      .selectFrom("sandbox_messages")
      .select("id")
      .orderBy("created_at", "desc")
      .executeTakeFirstOrThrow();
    const page2 = await test.sandbox.simulateButton({
      guildId: demoGuildId,
      userId: mod().userId,
      messageId: sent.id,
      customId: (older as { customId: string }).customId,
    });
    expect(page2[0]).toMatchObject({ type: "update" });
    expect(page2[0]?.message?.embeds?.[0]?.footer?.text).toBe("Page 2 of 2 · 11 cases");
    const byBan = await run(mod().userId, "mod", "audit", { action: "ban" });
    expect(byBan[0]?.message?.embeds?.[0]?.description).toMatch(/Filtered by ban/);
  });

  it("role assign refuses a role above the caller, and works for one below", async () => {
    const userId = plain[10] ?? "";
    const high = await run(moderators[2] ?? "", "role", "assign", { user: userId, role: roles.Admin ?? "" });
    expect(high[0]?.message?.content).toMatch(/Manage Roles|above your highest role/);
    const given = await run(demoOwnerId, "role", "assign", { user: userId, role: roles.Bronze ?? "" });
    expect(given[0]?.message?.content).toBe(`Gave <@&${roles.Bronze}> to <@${userId}>.`);
  });
});
