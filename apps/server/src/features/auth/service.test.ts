import { createHash } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  createTestContext,
  demoGuildId,
  dialects,
  seedOtherGuild,
  type TestContext,
} from "../../../test/helpers.ts";
import type { AppContext } from "../../context.ts";
import { demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { AppError } from "../../lib/errors.ts";
import { listAudit } from "../audit/service.ts";
import {
  createDashboardToken,
  listDashboardTokens,
  resolveToken,
  revokeDashboardToken,
  revokeTokensOfMember,
} from "./service.ts";
import { findToken } from "./store.ts";

async function expectAppError(promise: Promise<unknown>, statusCode: number): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).statusCode).toBe(statusCode);
  return error as AppError;
}

describe.each(dialects)("dashboard tokens on %s", (dialect) => {
  let context: TestContext;
  let ctx: AppContext;
  /** A member of the demo server other than its owner. */
  let memberId: string;

  beforeAll(async () => {
    context = await createTestContext({ dialect });
    ctx = context.ctx;
    const member = await ctx.storage.db
      .selectFrom("sandbox_members as m")
      .innerJoin("sandbox_users as u", "u.id", "m.user_id")
      .select("m.user_id")
      .where("m.guild_id", "=", demoGuildId)
      .where("m.user_id", "!=", demoOwnerId)
      .where("u.bot", "=", 0)
      .orderBy("m.user_id")
      .executeTakeFirstOrThrow();
    memberId = member.user_id;
  });

  afterAll(async () => {
    await context.cleanup();
  });

  beforeEach(async () => {
    await ctx.storage.db.deleteFrom("dashboard_tokens").execute();
    await ctx.storage.db.deleteFrom("audit_log").execute();
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  const tokenRow = (id: string) =>
    ctx.storage.db.selectFrom("dashboard_tokens").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  describe("creating", () => {
    it("makes a token of 56 lowercase hex characters", async () => {
      const { token } = await createDashboardToken(ctx, { serverId: demoGuildId, permission: "owner" });

      expect(token).toMatch(/^[0-9a-f]{56}$/);
    });

    it("makes a different token each time", async () => {
      const first = await createDashboardToken(ctx, { serverId: demoGuildId, permission: "owner" });
      const second = await createDashboardToken(ctx, {
        serverId: demoGuildId,
        userId: memberId,
        permission: "admin",
      });

      expect(first.token).not.toBe(second.token);
      expect(first.record.id).not.toBe(second.record.id);
    });

    it("binds the token to the server's owner by default", async () => {
      const { record } = await createDashboardToken(ctx, { serverId: demoGuildId, permission: "owner" });

      expect(record).toMatchObject({
        serverId: demoGuildId,
        userId: demoOwnerId,
        userName: "Ember Keeper",
        permission: "owner",
        lastUsedAt: null,
        revokedAt: null,
        revokedReason: null,
      });
    });

    it("binds the token to the user asked for", async () => {
      const { record } = await createDashboardToken(ctx, {
        serverId: demoGuildId,
        userId: memberId,
        permission: "admin",
      });

      expect(record).toMatchObject({ userId: memberId, permission: "admin" });
      expect(await findToken(ctx.storage.db, record.id)).toEqual(record);
    });

    it("stores only the SHA-256 of the token", async () => {
      const { token, record } = await createDashboardToken(ctx, {
        serverId: demoGuildId,
        permission: "owner",
      });

      const row = await tokenRow(record.id);
      expect(row.token_hash).toBe(createHash("sha256").update(token).digest("hex"));
      expect(JSON.stringify(row)).not.toContain(token);
      expect(JSON.stringify(row).toLowerCase()).not.toContain(token.slice(0, 16));
    });

    it("refuses a second live token for the same user and server", async () => {
      await createDashboardToken(ctx, { serverId: demoGuildId, permission: "owner" });

      await expectAppError(createDashboardToken(ctx, { serverId: demoGuildId, permission: "owner" }), 409);
      expect(await listDashboardTokens(ctx, demoGuildId)).toHaveLength(1);
    });

    it("refuses the second of two simultaneous creates for one user with a conflict", async () => {
      const results = await Promise.allSettled([
        createDashboardToken(ctx, { serverId: demoGuildId, permission: "owner" }),
        createDashboardToken(ctx, { serverId: demoGuildId, permission: "owner" }),
      ]);

      expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
      const reasons = results.flatMap((result) => (result.status === "rejected" ? [result.reason] : []));
      expect(reasons).toHaveLength(1);
      expect(reasons[0]).toBeInstanceOf(AppError);
      expect((reasons[0] as AppError).statusCode).toBe(409);
      expect(await listDashboardTokens(ctx, demoGuildId)).toHaveLength(1);
    });

    it("creates a new token once the old one is revoked", async () => {
      const first = await createDashboardToken(ctx, { serverId: demoGuildId, permission: "owner" });
      await revokeDashboardToken(ctx, first.record.id, "lost it");

      const second = await createDashboardToken(ctx, { serverId: demoGuildId, permission: "owner" });

      expect(second.record.id).not.toBe(first.record.id);
      expect(await resolveToken(ctx, second.token)).toMatchObject({ id: second.record.id });
    });

    it("lets two users of one server each hold a token", async () => {
      await createDashboardToken(ctx, { serverId: demoGuildId, permission: "owner" });

      await expect(
        createDashboardToken(ctx, { serverId: demoGuildId, userId: memberId, permission: "admin" }),
      ).resolves.toBeDefined();
    });

    it("refuses a user who is not a member of the server", async () => {
      await expectAppError(
        createDashboardToken(ctx, { serverId: demoGuildId, userId: "999", permission: "admin" }),
        404,
      );
      expect(await listDashboardTokens(ctx, demoGuildId)).toEqual([]);
    });

    it("refuses a server the bot is not in", async () => {
      await expectAppError(createDashboardToken(ctx, { serverId: "123", permission: "owner" }), 404);
    });

    it("writes an audit entry for the creation", async () => {
      const { token, record } = await createDashboardToken(ctx, {
        serverId: demoGuildId,
        userId: memberId,
        permission: "admin",
      });

      const entries = await listAudit(ctx.storage.db, demoGuildId);
      expect(entries).toMatchObject([
        {
          action: "token.create",
          tokenId: record.id,
          actorUserId: memberId,
          summary: { permission: "admin" },
        },
      ]);
      expect(JSON.stringify(entries)).not.toContain(token);
    });
  });

  describe("resolving", () => {
    it("resolves a live token to its record", async () => {
      const { token, record } = await createDashboardToken(ctx, {
        serverId: demoGuildId,
        permission: "owner",
      });

      expect(await resolveToken(ctx, token)).toMatchObject({
        id: record.id,
        serverId: demoGuildId,
        userId: demoOwnerId,
      });
    });

    it("answers a token in use from the cache without a promise, after one database read", async () => {
      const { token, record } = await createDashboardToken(ctx, {
        serverId: demoGuildId,
        permission: "owner",
      });
      // The first use reads the database (and records the use): a promise.
      const first = resolveToken(ctx, token);
      expect(first).toBeInstanceOf(Promise);
      expect(await first).toMatchObject({ id: record.id });
      // Every use after that is the hot path of each dashboard request: answered at once.
      const again = resolveToken(ctx, token);
      expect(again).not.toBeInstanceOf(Promise);
      expect(again).toMatchObject({ id: record.id });
    });

    it("answers null for a well-formed token nobody was given", async () => {
      await createDashboardToken(ctx, { serverId: demoGuildId, permission: "owner" });

      expect(await resolveToken(ctx, "ab".repeat(28))).toBeNull();
    });

    it.each([
      ["missing", undefined],
      ["empty", ""],
      ["blank", "   "],
      ["too short", "ab".repeat(27)],
      ["too long", `${"ab".repeat(28)}0`],
      ["not hex", "zz".repeat(28)],
      ["sql", "' or 1=1 --"],
    ])("answers null for a %s value", async (_name, raw) => {
      await createDashboardToken(ctx, { serverId: demoGuildId, permission: "owner" });

      expect(await resolveToken(ctx, raw)).toBeNull();
    });

    it("answers null for a revoked token", async () => {
      const { token, record } = await createDashboardToken(ctx, {
        serverId: demoGuildId,
        permission: "owner",
      });
      await revokeDashboardToken(ctx, record.id, "leaked");

      expect(await resolveToken(ctx, token)).toBeNull();
    });

    it("ignores whitespace around a pasted token", async () => {
      const { token, record } = await createDashboardToken(ctx, {
        serverId: demoGuildId,
        permission: "owner",
      });

      expect(await resolveToken(ctx, `  ${token}\n`)).toMatchObject({ id: record.id });
    });

    it("accepts a token typed in uppercase, as hex is case-insensitive", async () => {
      const { token, record } = await createDashboardToken(ctx, {
        serverId: demoGuildId,
        permission: "owner",
      });

      expect(await resolveToken(ctx, token.toUpperCase())).toMatchObject({ id: record.id });
    });

    it("records when a token is first used", async () => {
      const now = Date.UTC(2026, 0, 1);
      const { token, record } = await createDashboardToken(ctx, {
        serverId: demoGuildId,
        permission: "owner",
      });
      vi.spyOn(Date, "now").mockReturnValue(now);

      expect((await resolveToken(ctx, token))?.lastUsedAt).toBe(now);
      expect((await tokenRow(record.id)).last_used_at).toBe(now);
    });

    it("updates last use at most once a minute", async () => {
      let clock = Date.UTC(2026, 0, 1);
      const { token, record } = await createDashboardToken(ctx, {
        serverId: demoGuildId,
        permission: "owner",
      });
      vi.spyOn(Date, "now").mockImplementation(() => clock);
      const first = clock;
      await resolveToken(ctx, token);

      clock += 60_000;
      await resolveToken(ctx, token);
      expect((await tokenRow(record.id)).last_used_at).toBe(first);

      clock += 1;
      await resolveToken(ctx, token);
      expect((await tokenRow(record.id)).last_used_at).toBe(clock);
    });
  });

  describe("revoking", () => {
    it("marks the token revoked with its reason and time", async () => {
      const now = Date.UTC(2026, 0, 1);
      const { record } = await createDashboardToken(ctx, { serverId: demoGuildId, permission: "owner" });
      vi.spyOn(Date, "now").mockReturnValue(now);

      const revoked = await revokeDashboardToken(ctx, record.id, "leaked");

      expect(revoked).toMatchObject({ id: record.id, revokedAt: now, revokedReason: "leaked" });
      expect(await tokenRow(record.id)).toMatchObject({ revoked_at: now, revoked_reason: "leaked" });
    });

    it("answers with the revocation time it stored", async () => {
      const { record } = await createDashboardToken(ctx, { serverId: demoGuildId, permission: "owner" });
      let clock = Date.UTC(2026, 0, 1);
      vi.spyOn(Date, "now").mockImplementation(() => clock++);

      const revoked = await revokeDashboardToken(ctx, record.id, "leaked");

      expect(revoked.revokedAt).toBe((await tokenRow(record.id)).revoked_at);
    });

    it("refuses to revoke a token twice", async () => {
      const { record } = await createDashboardToken(ctx, { serverId: demoGuildId, permission: "owner" });
      await revokeDashboardToken(ctx, record.id, "first");

      await expectAppError(revokeDashboardToken(ctx, record.id, "second"), 409);
      expect((await tokenRow(record.id)).revoked_reason).toBe("first");
    });

    it("answers 404 for an unknown token id", async () => {
      await expectAppError(revokeDashboardToken(ctx, "nope", "x"), 404);
    });

    it("writes an audit entry naming who revoked", async () => {
      const { record } = await createDashboardToken(ctx, { serverId: demoGuildId, permission: "owner" });

      await revokeDashboardToken(ctx, record.id, "leaked", { tokenId: record.id, userId: demoOwnerId });

      expect((await listAudit(ctx.storage.db, demoGuildId))[0]).toMatchObject({
        action: "token.revoke",
        tokenId: record.id,
        actorUserId: demoOwnerId,
        summary: { tokenId: record.id, reason: "leaked" },
      });
    });

    it("writes no audit entry when the revocation is refused", async () => {
      const { record } = await createDashboardToken(ctx, { serverId: demoGuildId, permission: "owner" });
      await revokeDashboardToken(ctx, record.id, "first");
      await expectAppError(revokeDashboardToken(ctx, record.id, "second"), 409);

      const actions = (await listAudit(ctx.storage.db, demoGuildId)).map((entry) => entry.action);
      expect(actions).toEqual(["token.revoke", "token.create"]);
    });

    it("revokes the live token of a member who left", async () => {
      const { token, record } = await createDashboardToken(ctx, {
        serverId: demoGuildId,
        userId: memberId,
        permission: "admin",
      });
      const owner = await createDashboardToken(ctx, { serverId: demoGuildId, permission: "owner" });

      expect(await revokeTokensOfMember(ctx, demoGuildId, memberId)).toBe(1);

      expect(await resolveToken(ctx, token)).toBeNull();
      expect((await tokenRow(record.id)).revoked_reason).toBe("member left the server");
      expect(await resolveToken(ctx, owner.token)).not.toBeNull();
      expect((await listAudit(ctx.storage.db, demoGuildId))[0]).toMatchObject({
        action: "token.revoke",
        summary: { tokenId: record.id },
      });
    });

    it("revokes nothing for a member without a token", async () => {
      await createDashboardToken(ctx, { serverId: demoGuildId, permission: "owner" });

      expect(await revokeTokensOfMember(ctx, demoGuildId, memberId)).toBe(0);
      expect((await listDashboardTokens(ctx, demoGuildId)).every((token) => token.revokedAt === null)).toBe(
        true,
      );
    });
  });

  describe("listing", () => {
    it("lists only the server's tokens, newest first", async () => {
      const other = await seedOtherGuild(ctx);
      let clock = Date.UTC(2026, 0, 1);
      vi.spyOn(Date, "now").mockImplementation(() => (clock += 1000));
      const older = await createDashboardToken(ctx, { serverId: demoGuildId, permission: "owner" });
      const newer = await createDashboardToken(ctx, {
        serverId: demoGuildId,
        userId: memberId,
        permission: "admin",
      });
      await createDashboardToken(ctx, { serverId: other.guildId, permission: "owner" });

      expect((await listDashboardTokens(ctx, demoGuildId)).map((token) => token.id)).toEqual([
        newer.record.id,
        older.record.id,
      ]);
    });
  });
});
