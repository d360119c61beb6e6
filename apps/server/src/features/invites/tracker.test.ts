import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { channelId, newGiveaway } from "../../../test/fixtures/giveaways.ts";
import { createTestContext, demoGuildId, dialects, type TestContext } from "../../../test/helpers.ts";
import { DiscordError, type InviteInfo } from "../../discord/port/port.ts";
import type { AppError } from "../../lib/errors.ts";
import { enterGiveaway } from "../giveaways/entries.ts";
import { getInviteStanding } from "./service.ts";
import { attributeJoin, refreshInvites, trackJoin, trackLeave } from "./tracker.ts";

const invite = (
  code: string,
  uses: number,
  inviterId: string | null = `inviter-${code}`,
  maxUses = 0,
): InviteInfo => ({
  code,
  inviterId,
  uses,
  maxUses,
});

describe("attributeJoin", () => {
  it("credits the one invite whose uses went up by one", () => {
    expect(attributeJoin([invite("a", 3), invite("b", 1)], [invite("a", 3), invite("b", 2)])?.code).toBe("b");
  });
  it("credits a new invite's first use (made while the list was current)", () => {
    expect(attributeJoin([invite("a", 3)], [invite("a", 3), invite("n", 1)])?.code).toBe("n");
  });
  it("credits an invite that vanished one use short of its limit (used up and deleted)", () => {
    expect(attributeJoin([invite("a", 3), invite("once", 0, "x", 1)], [invite("a", 3)])?.code).toBe("once");
  });
  it("tells nothing when two invites changed, a count jumped, or none changed", () => {
    expect(attributeJoin([invite("a", 1), invite("b", 1)], [invite("a", 2), invite("b", 2)])).toBeNull();
    expect(attributeJoin([invite("a", 1)], [invite("a", 3)])).toBeNull();
    expect(attributeJoin([invite("a", 1)], [invite("a", 1)])).toBeNull();
    // Deleted by hand (not one use short of a limit): not a join through it.
    expect(attributeJoin([invite("a", 1, "x", 10)], [])).toBeNull();
  });
});

describe.each(dialects)("invite tracking on %s", (dialect) => {
  let t: TestContext;
  let general: string;
  let inviter: string;

  beforeAll(async () => {
    t = await createTestContext({ dialect });
    general = await channelId(t.ctx, "general");
    inviter = (await t.sandbox.simulateMemberJoin(demoGuildId, { username: "recruiter" })).user.id;
  });
  afterAll(() => t.cleanup());
  afterEach(() => vi.restoreAllMocks());

  const join = async (username: string, inviteCode?: string) => {
    const member = await t.sandbox.simulateMemberJoin(
      demoGuildId,
      { username },
      inviteCode ? { inviteCode } : {},
    );
    return { member, inviterId: await trackJoin(t.ctx, member) };
  };

  it("counts members who joined through a member's invites, and drops those who leave", async () => {
    expect((await refreshInvites(t.ctx, demoGuildId))?.status).toBe("active");
    await t.sandbox.simulateInviteCreate({
      guildId: demoGuildId,
      channelId: general,
      inviterId: inviter,
      code: "recruit",
    });
    const first = await join("newbie1", "recruit");
    expect(first.inviterId).toBe(inviter);
    const second = await join("newbie2", "recruit");
    expect(second.inviterId).toBe(inviter);
    expect((await getInviteStanding(t.ctx, demoGuildId, inviter)).invites).toBe(2);

    await t.sandbox.simulateMemberLeave(demoGuildId, first.member.user.id);
    await trackLeave(t.ctx, demoGuildId, first.member.user.id);
    expect((await getInviteStanding(t.ctx, demoGuildId, inviter)).invites).toBe(1);
  });

  it("credits a one-use invite that Discord deleted as it was used", async () => {
    await t.sandbox.simulateInviteCreate({
      guildId: demoGuildId,
      channelId: general,
      inviterId: inviter,
      code: "single",
      maxUses: 1,
    });
    // What the INVITE_CREATE listener does: the tracker knows the invite before its one use.
    await refreshInvites(t.ctx, demoGuildId);
    const before = (await getInviteStanding(t.ctx, demoGuildId, inviter)).invites;
    expect((await join("onetime", "single")).inviterId).toBe(inviter);
    expect((await getInviteStanding(t.ctx, demoGuildId, inviter)).invites).toBe(before + 1);
  });

  it("doesn't credit anyone for a join it can't attribute, nor for a member rejoining", async () => {
    const before = (await getInviteStanding(t.ctx, demoGuildId, inviter)).invites;
    expect((await join("walkin")).inviterId).toBeNull();
    expect((await getInviteStanding(t.ctx, demoGuildId, inviter)).invites).toBe(before);
  });

  it("keeps its list across a restart: the stored counts are compared with the next join", async () => {
    // A new process has nothing in memory: the list in the database is what the join compares with.
    await t.sandbox.simulateInviteCreate({
      guildId: demoGuildId,
      channelId: general,
      inviterId: inviter,
      code: "after",
    });
    await refreshInvites(t.ctx, demoGuildId);
    const before = (await getInviteStanding(t.ctx, demoGuildId, inviter)).invites;
    expect((await join("postrestart", "after")).inviterId).toBe(inviter);
    expect((await getInviteStanding(t.ctx, demoGuildId, inviter)).invites).toBe(before + 1);
  });

  it("keeps the stored list equal to Discord's: new invites in, deleted ones out, uses updated", async () => {
    await t.sandbox.simulateInviteCreate({
      guildId: demoGuildId,
      channelId: general,
      inviterId: inviter,
      code: "temp",
    });
    await t.ctx.storage.db.deleteFrom("sandbox_invites").where("code", "=", "after").execute();
    await refreshInvites(t.ctx, demoGuildId);
    const stored = await t.ctx.storage.db
      .selectFrom("invite_codes")
      .select(["code", "uses"])
      .where("server_id", "=", demoGuildId)
      .orderBy("code")
      .execute();
    const discord = (await t.sandbox.listInvites(demoGuildId)) ?? [];
    expect(stored).toEqual(discord.map((invite) => ({ code: invite.code, uses: invite.uses })));
    expect(stored.map((row) => row.code)).toContain("temp");
    expect(stored.map((row) => row.code)).not.toContain("after");
  });

  it("lets a member with enough invites meet min_invites", async () => {
    const giveaway = await newGiveaway(t.ctx, {
      requirements: { minAccountAge: 0, minMemberAge: 0, minInvites: 2, requiredRoles: [] },
    });
    expect((await getInviteStanding(t.ctx, demoGuildId, inviter)).invites).toBeGreaterThanOrEqual(2);
    expect(await enterGiveaway(t.ctx, demoGuildId, giveaway.messageId, inviter)).toEqual({
      entries: 1,
      hasBypass: false,
    });
    const nobody = (await join("noinvites")).member.user.id;
    const refusal = await enterGiveaway(t.ctx, demoGuildId, giveaway.messageId, nobody).catch(
      (error: AppError) => error,
    );
    expect(refusal).toMatchObject({ statusCode: 403 });
    expect((refusal as AppError).message).toMatch(
      /^You need at least 2 invites to enter \(you have 0\)\. Invites count the members who joined through your invite links since <t:\d+:D> and are still here\.$/,
    );
  });

  it("explains the requirement when invites can't be read (no Manage Server), instead of a bare refusal", async () => {
    vi.spyOn(t.sandbox, "listInvites").mockResolvedValue(null);
    expect((await refreshInvites(t.ctx, demoGuildId))?.status).toBe("unavailable");
    const giveaway = await newGiveaway(t.ctx, {
      requirements: { minAccountAge: 0, minMemberAge: 0, minInvites: 1, requiredRoles: [] },
    });
    const member = (await join("blind")).member.user.id;
    const refusal = await enterGiveaway(t.ctx, demoGuildId, giveaway.messageId, member).catch(
      (error: AppError) => error,
    );
    expect((refusal as AppError).message).toBe(
      "This giveaway asks for at least 1 invite, but invites can't be counted in this server yet: Hearth needs the Manage Server permission to see its invites. Ask the staff to grant it; invites are counted from then on.",
    );
    vi.restoreAllMocks();
    expect((await refreshInvites(t.ctx, demoGuildId))?.status).toBe("active");
  });

  it("a failed invite read keeps the join recorded without crediting anyone", async () => {
    vi.spyOn(t.sandbox, "listInvites").mockRejectedValueOnce(new DiscordError("unavailable", "down"));
    const before = (await getInviteStanding(t.ctx, demoGuildId, inviter)).invites;
    expect((await join("duringoutage", "recruit")).inviterId).toBeNull();
    expect((await getInviteStanding(t.ctx, demoGuildId, inviter)).invites).toBe(before);
  });
});
