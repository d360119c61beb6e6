import { moderationCaseDetail, moderationCaseList } from "@hearth/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createStandingToken,
  createTestApp,
  demoGuildId,
  seedOtherGuild,
  type TestApp,
} from "../../../test/helpers.ts";
import { demoBotId, demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { createDashboardToken } from "../auth/service.ts";

// The dashboard's Moderation page: /mod's actions through the same service, audited, admin-only.
let t: TestApp;
let admin: string;
let adminId: string;
let manager: string;
let foreign: string;
let plain: string[];

beforeAll(async () => {
  t = await createTestApp();
  const roles = Object.fromEntries((await t.ctx.discord.listRoles(demoGuildId)).map((r) => [r.name, r.id]));
  const members = await t.ctx.storage.db
    .selectFrom("sandbox_members")
    .select(["user_id", "roles"])
    .where("guild_id", "=", demoGuildId)
    .where("user_id", "not in", [demoOwnerId, demoBotId])
    .orderBy("user_id")
    .execute();
  const staff = [roles.Moderator, roles.Admin, roles["Grinder Manager"], roles["Event Manager"]];
  plain = members
    .filter((m) => !(JSON.parse(m.roles) as string[]).some((r) => staff.includes(r)))
    .map((m) => m.user_id);
  adminId = plain.pop() ?? "";
  const managerId = plain.pop() ?? "";
  admin = (await createStandingToken(t.ctx, { userId: adminId, permission: "admin" })).token;
  manager = (await createStandingToken(t.ctx, { userId: managerId, permission: "manager" })).token;
  const other = await seedOtherGuild(t.ctx);
  foreign = (await createDashboardToken(t.ctx, { serverId: other.guildId, permission: "owner" })).token;
});
afterAll(() => t.cleanup());

const base = `/api/moderation/${demoGuildId}`;
const call = (method: "GET" | "POST", url: string, payload?: object, token = t.token) =>
  t.app.inject({ method, url, payload, headers: { authorization: token } });

async function auditActions() {
  const rows = await t.ctx.storage.db
    .selectFrom("audit_log")
    .select(["action", "actor_user_id"])
    .where("server_id", "=", demoGuildId)
    .where("feature", "=", "moderation")
    .orderBy("id")
    .execute();
  return rows.map((row) => `${row.action} by ${row.actor_user_id}`);
}

describe("the Moderation page's routes", () => {
  it("warns a member like /mod warn: a numbered case, the DM, an audit entry naming the token's member", async () => {
    const res = await call("POST", `${base}/actions`, {
      action: "warn",
      userId: plain[0],
      reason: "Keep memes in #memes",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      case: { caseNumber: 1, action: "warn", targetId: plain[0], moderatorId: demoOwnerId },
    });
    expect(res.json().case.moderatorName).toEqual(expect.any(String));
    expect(await auditActions()).toEqual([`moderation.warn by ${demoOwnerId}`]);
  });

  it("a temporary ban is listed as running, shown in detail, and lifted early by an unban", async () => {
    const banned = await call("POST", `${base}/actions`, {
      action: "ban",
      userId: plain[1],
      reason: "Scam links",
      duration: "7d",
      deleteDays: 1,
    });
    expect(banned.statusCode).toBe(200);
    const ban = banned.json().case;
    expect(ban.expiresAt - ban.createdAt).toBe(7 * 86_400_000);
    expect(await t.ctx.discord.getMember(demoGuildId, plain[1] ?? "")).toBeNull();

    const open = moderationCaseList.parse((await call("GET", `${base}/cases?open=true`)).json());
    expect(open.cases.map((entry) => entry.caseNumber)).toEqual([ban.caseNumber]);

    const unban = await call("POST", `${base}/unban`, { userId: plain[1], reason: "Appeal accepted" });
    expect(unban.statusCode).toBe(200);
    expect(unban.json()).toMatchObject({ action: "unban", targetId: plain[1], reason: "Appeal accepted" });
    const detail = moderationCaseDetail.parse((await call("GET", `${base}/cases/${ban.caseNumber}`)).json());
    expect(detail.case.endedAt).not.toBeNull();
    expect(detail.history.map((entry) => entry.action)).toEqual(["unban", "ban"]);
    expect(detail.historyTotal).toBe(2);
    expect((await call("GET", `${base}/cases?open=true`)).json().total).toBe(0);
    const unbanAgain = await call("POST", `${base}/unban`, { userId: plain[1] });
    expect(unbanAgain.statusCode).toBe(404);
  });

  it("filters the log by member and action, newest first, a page at a time", async () => {
    await call("POST", `${base}/actions`, { action: "timeout", userId: plain[2], duration: "10m" });
    await call("POST", `${base}/actions`, { action: "kick", userId: plain[3], reason: "Spam" });
    const all = moderationCaseList.parse((await call("GET", `${base}/cases?limit=2`)).json());
    expect(all.total).toBe(5);
    expect(all.pages).toBe(3);
    expect(all.cases.map((entry) => entry.caseNumber)).toEqual([5, 4]);
    const kicks = moderationCaseList.parse((await call("GET", `${base}/cases?action=kick`)).json());
    expect(kicks.cases.map((entry) => entry.targetId)).toEqual([plain[3]]);
    const member = moderationCaseList.parse((await call("GET", `${base}/cases?userId=${plain[1]}`)).json());
    expect(member.cases.map((entry) => entry.action)).toEqual(["unban", "ban"]);
  });

  it("refuses bad input with 400 naming the field", async () => {
    const cases: [object, string][] = [
      [{ action: "timeout", userId: plain[4] }, "duration"],
      [{ action: "timeout", userId: plain[4], duration: "30d" }, "duration"],
      [{ action: "warn", userId: plain[4] }, "reason"],
      [{ action: "warn", userId: plain[4], reason: "x".repeat(513) }, "reason"],
      [{ action: "ban", userId: plain[4], deleteDays: 8 }, "deleteDays"],
      [{ action: "warn", userId: demoOwnerId.replace(/\d$/, "x"), reason: "x" }, "userId"],
      [{ action: "explode", userId: plain[4] }, "action"],
    ];
    for (const [payload, field] of cases) {
      const res = await call("POST", `${base}/actions`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().field, JSON.stringify(payload)).toBe(field);
    }
    const self = await call(
      "POST",
      `${base}/actions`,
      { action: "warn", userId: adminId, reason: "x" },
      admin,
    );
    expect(self.statusCode).toBe(400);
    expect(self.json().field).toBe("userId");
    expect((await call("GET", `${base}/cases/999`)).statusCode).toBe(404);
  });

  it("keeps the role hierarchy: an admin can't moderate the owner; a manager can't moderate at all", async () => {
    const onOwner = await call("POST", `${base}/actions`, { action: "kick", userId: demoOwnerId }, admin);
    expect(onOwner.statusCode).toBe(403);
    expect(onOwner.json().message).toMatch(/owner/);
    const asManager = await call("POST", `${base}/actions`, { action: "kick", userId: plain[4] }, manager);
    expect(asManager.statusCode).toBe(403);
    expect((await call("GET", `${base}/cases`, undefined, manager)).statusCode).toBe(403);
    expect(await t.ctx.discord.getMember(demoGuildId, plain[4] ?? "")).not.toBeNull();
  });

  it("another server's token gets 403 on this server's cases and actions", async () => {
    expect((await call("GET", `${base}/cases`, undefined, foreign)).statusCode).toBe(403);
    expect((await call("GET", `${base}/cases/1`, undefined, foreign)).statusCode).toBe(403);
    const res = await call(
      "POST",
      `${base}/actions`,
      { action: "warn", userId: plain[4], reason: "x" },
      foreign,
    );
    expect(res.statusCode).toBe(403);
    expect((await call("POST", `${base}/unban`, { userId: plain[1] }, foreign)).statusCode).toBe(403);
  });
});

describe("POST /api/moderation/{serverId}/dm-preview", () => {
  const preview = (payload: object, token = t.token, url = `${base}/dm-preview`) =>
    call("POST", url, payload, token);
  /** The DMs the sandbox delivered, in order. */
  const dms = async () => {
    const rows = await t.ctx.storage.db
      .selectFrom("sandbox_outbox")
      .select("payload")
      .where("action", "=", "dm.send")
      .execute();
    return rows.map((row) => JSON.parse(row.payload) as { userId: string; message: { content: string } });
  };

  it("answers the DM the action sends, built by the same function, and sends nothing", async () => {
    const before = await dms();
    const res = await preview({ action: "warn", reason: "  Keep it kind  " });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: {
        content: "⚠️ You received a warning in **Ember Hollow**: Keep it kind",
        embeds: [],
        components: [],
      },
    });
    expect(await dms()).toEqual(before);

    // Preview == post: the warning then sent is the previewed text.
    const target = plain[0] ?? "";
    const warned = await call("POST", `${base}/actions`, {
      action: "warn",
      userId: target,
      reason: "Keep it kind",
    });
    expect(warned.statusCode, warned.body).toBe(200);
    expect(warned.json().notified).toBe(true);
    const sent = (await dms()).filter((dm) => dm.userId === target).at(-1);
    expect(sent?.message.content).toBe(res.json().message.content);
  });

  it("says until when a temporary ban lasts, ends a reasonless kick with a full stop, and has no DM for a timeout", async () => {
    const ban = await preview({ action: "ban", reason: null, duration: "7d" });
    expect(ban.statusCode, ban.body).toBe(200);
    const until = /until <t:(\d+):f>\.$/.exec(ban.json().message.content);
    expect(ban.json().message.content).toMatch(
      /^You were banned from \*\*Ember Hollow\*\* until <t:\d+:f>\.$/,
    );
    expect(Number(until?.[1]) * 1000 - Date.now()).toBeGreaterThan(7 * 86_400_000 - 120_000);
    expect((await preview({ action: "ban", reason: "spam" })).json().message.content).toBe(
      "You were banned from **Ember Hollow**: spam",
    );
    expect((await preview({ action: "kick" })).json().message.content).toBe(
      "You were kicked from **Ember Hollow**.",
    );
    const timeout = await preview({ action: "timeout", duration: "10m" });
    expect(timeout.statusCode).toBe(200);
    expect(timeout.json()).toEqual({ message: null });
  });

  it.each([
    [{ action: "warn" }, "reason"],
    [{ action: "warn", reason: "   " }, "reason"],
    [{ action: "mute", reason: "x" }, "action"],
    [{ action: "ban", duration: "forever" }, "duration"],
    [{ action: "ban", duration: "400d" }, "duration"],
    [{ action: "kick", reason: "x".repeat(513) }, "reason"],
  ])("refuses %j with a 400 naming %s", async (payload, field) => {
    const res = await preview(payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().field).toBe(field);
  });

  it("is the admin's, like the actions, and another server's token gets 403", async () => {
    expect((await preview({ action: "kick" }, admin)).statusCode).toBe(200);
    expect((await preview({ action: "kick" }, manager)).statusCode).toBe(403);
    expect((await preview({ action: "kick" }, foreign)).statusCode).toBe(403);
  });
});
