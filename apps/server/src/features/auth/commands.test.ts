import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { plainMembers, roleId } from "../../../test/fixtures/grinders.ts";
import {
  bindFeatureCommands,
  createTestContext,
  demoGuildId,
  type TestContext,
} from "../../../test/helpers.ts";
import { type Bot, createBot } from "../../bot/bot.ts";
import { DiscordError } from "../../discord/port/port.ts";
import { demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { listAudit } from "../audit/service.ts";
import { dashboardBot } from "./commands.ts";
import {
  createAndDeliverDashboardToken,
  createDashboardToken,
  listDashboardTokens,
  resolveToken,
} from "./service.ts";

let t: TestContext;
let bot: Bot;
let adminId: string;
let plainId: string;

beforeAll(async () => {
  t = await createTestContext();
  bot = createBot(t.ctx, t.sandbox);
  bindFeatureCommands(bot, t.ctx, dashboardBot.commands?.(t.ctx) ?? []);
  await bot.start();
  [adminId = "", plainId = ""] = await plainMembers(t.ctx, 2);
  await t.ctx.discord.addMemberRole(demoGuildId, adminId, await roleId(t.ctx, "Admin"));
});
afterAll(async () => {
  await bot.stop();
  await t.cleanup();
});
beforeEach(async () => {
  await t.ctx.storage.db.deleteFrom("dashboard_tokens").execute();
});

const run = (subcommand: string, userId: string, options: Record<string, string> = {}) =>
  t.sandbox.simulateCommand({ guildId: demoGuildId, userId, name: "dashboard", subcommand, options });
const text = (responses: Awaited<ReturnType<typeof run>>) => responses[0]?.message?.content ?? "";
const setDms = (userId: string, open: boolean) =>
  t.ctx.storage.db
    .updateTable("sandbox_users")
    .set({ dm_open: Number(open) })
    .where("id", "=", userId)
    .execute();
const liveTokens = async () =>
  (await listDashboardTokens(t.ctx, demoGuildId)).filter((k) => k.revokedAt === null);

describe("createAndDeliverDashboardToken", () => {
  it("deletes the token when delivery fails, so none exists afterwards", async () => {
    const failing = async () => {
      throw new DiscordError("dm_closed", "closed");
    };
    await expect(
      createAndDeliverDashboardToken(
        t.ctx,
        { serverId: demoGuildId, userId: adminId, permission: "admin" },
        failing,
      ),
    ).rejects.toMatchObject({ code: "dm_closed" });
    expect(await listDashboardTokens(t.ctx, demoGuildId)).toEqual([]);
    const audit = await listAudit(t.ctx.storage.db, demoGuildId);
    expect(audit[0]).toMatchObject({ action: "token.discard" });
  });

  it("keeps the token it delivered, and that token works", async () => {
    let delivered = "";
    await createAndDeliverDashboardToken(
      t.ctx,
      { serverId: demoGuildId, userId: adminId, permission: "admin" },
      async (token) => {
        delivered = token;
      },
    );
    expect(await resolveToken(t.ctx, delivered)).toMatchObject({ userId: adminId, permission: "admin" });
  });
});

describe("/dashboard create", () => {
  it("DMs the token with the dashboard URL and answers privately", async () => {
    await setDms(adminId, true);
    const responses = await run("create", adminId);
    expect(responses).toEqual([
      { type: "reply", ephemeral: true, message: { content: expect.stringMatching(/^Check your DMs/) } },
    ]);
    const dm = await t.ctx.storage.db
      .selectFrom("sandbox_messages")
      .select("payload")
      .where("channel_id", "=", `dm-${adminId}`)
      .orderBy("created_at", "desc")
      .executeTakeFirstOrThrow();
    const description = (JSON.parse(dm.payload) as { embeds: { description: string }[] }).embeds[0]
      ?.description;
    const token = /```\n([0-9a-f]{56})\n```/.exec(description ?? "")?.[1] ?? "";
    expect(description).toContain("http://localhost:3000/dashboard");
    expect(description).toMatch(/Keep it secret/);
    expect(await resolveToken(t.ctx, token)).toMatchObject({ userId: adminId, permission: "admin" });
  });

  it("with DMs closed, refuses and leaves no token", async () => {
    await setDms(adminId, false);
    expect(text(await run("create", adminId))).toMatch(/couldn't DM you, so no token was created/);
    expect(await listDashboardTokens(t.ctx, demoGuildId)).toEqual([]);
    await setDms(adminId, true);
  });

  it("refuses a second token, pointing at /dashboard token", async () => {
    await createDashboardToken(t.ctx, { serverId: demoGuildId, userId: adminId, permission: "admin" });
    expect(text(await run("create", adminId))).toMatch(/already have a dashboard token.*\/dashboard token/);
    expect(await liveTokens()).toHaveLength(1);
  });

  it("is for administrators only", async () => {
    expect(text(await run("create", plainId))).toMatch(/^You need Administrator/);
  });
});

describe("/dashboard revoke and token", () => {
  it("revokes another member's token, which stops working", async () => {
    const { token } = await createDashboardToken(t.ctx, {
      serverId: demoGuildId,
      userId: adminId,
      permission: "admin",
    });
    expect(text(await run("revoke", demoOwnerId, { user: adminId }))).toMatch(
      /^Revoked <@\d+>'s dashboard token/,
    );
    expect(await resolveToken(t.ctx, token)).toBeNull();
  });

  it("refuses one's own token and a member without one", async () => {
    await createDashboardToken(t.ctx, { serverId: demoGuildId, userId: adminId, permission: "admin" });
    expect(text(await run("revoke", adminId, { user: adminId }))).toMatch(/can't revoke your own token/);
    expect(await liveTokens()).toHaveLength(1);
    expect(text(await run("revoke", adminId, { user: demoOwnerId }))).toMatch(/has no dashboard token/);
  });

  it("an administrator can't revoke the server owner's token", async () => {
    const { token } = await createDashboardToken(t.ctx, { serverId: demoGuildId, permission: "owner" });
    expect(text(await run("revoke", adminId, { user: demoOwnerId }))).toMatch(
      /^The server owner's dashboard token can't be revoked by an administrator/,
    );
    expect(await resolveToken(t.ctx, token)).toMatchObject({ userId: demoOwnerId, permission: "owner" });
  });

  it("token shows the record, never the token", async () => {
    const { token, record } = await createDashboardToken(t.ctx, {
      serverId: demoGuildId,
      userId: adminId,
      permission: "admin",
    });
    const responses = await run("token", adminId);
    const serialized = JSON.stringify(responses);
    expect(serialized).not.toContain(token);
    const fields = responses[0]?.message?.embeds?.[0]?.fields ?? [];
    expect(fields).toEqual(
      expect.arrayContaining([
        { name: "ID", value: `\`${record.id}\``, inline: true },
        { name: "Permission", value: "admin", inline: true },
        { name: "Last used", value: "Never", inline: true },
      ]),
    );
    expect(text(await run("token", demoOwnerId))).toMatch(/no dashboard token.*\/dashboard create/);
  });
});
