import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { plainMembers } from "../../../test/fixtures/grinders.ts";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { demoGuildId, demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { features } from "../index.ts";
import { banUser } from "../moderation/service.ts";
import { grantReward } from "../votes/rewards.ts";
import { configureVotes } from "../votes/service.ts";
import { purgeServerData, tableScopes } from "./service.ts";

/**
 * Issue 24 §4: a purge deleted a temporary ban's case and its job, so a 1-hour ban became permanent
 * (and an expiring vote reward role stayed for good). It now lifts them before deleting.
 */
describe("a purge lifts what a pending job would have undone", () => {
  let test: TestContext;

  beforeAll(async () => {
    test = await createTestContext();
  });
  afterAll(() => test.cleanup());

  const outbox = async (action: string) =>
    (
      await test.ctx.storage.db
        .selectFrom("sandbox_outbox")
        .select("payload")
        .where("action", "=", action)
        .orderBy("id")
        .execute()
    ).map((row) => JSON.parse(row.payload) as Record<string, unknown>);

  it("unbans a temporarily banned member and takes back an expiring reward role, then deletes", async () => {
    const [banned = "", voter = "", keptBanned = ""] = await plainMembers(test.ctx, 3);
    const owner = { userId: demoOwnerId, roleIds: [] as string[] };
    await banUser(test.ctx, demoGuildId, owner, { userId: banned, reason: "Cool off", duration: "1h" });
    // A permanent ban stays: the owner chose it, and no job would have lifted it.
    await banUser(test.ctx, demoGuildId, owner, { userId: keptBanned, reason: "Spam" });

    const voterRole = await test.ctx.discord.createRole(demoGuildId, { name: "Voter" });
    const { settings } = await configureVotes(
      test.ctx,
      demoGuildId,
      { tokenId: null, userId: demoOwnerId },
      { rewardRoleId: voterRole.id, rewardHours: 12 },
    );
    expect(await grantReward(test.ctx, settings, voter, Date.now())).toBe("granted");
    expect((await test.ctx.discord.getMember(demoGuildId, voter))?.roleIds).toContain(voterRole.id);

    const result = await purgeServerData(test.ctx, tableScopes(features), demoGuildId, {
      by: "test",
      reason: "purge test",
    });
    expect(result.released).toBe(2);
    expect((await outbox("member.unban")).map((entry) => entry.userId)).toEqual([banned]);
    expect((await test.ctx.discord.getMember(demoGuildId, voter))?.roleIds).not.toContain(voterRole.id);
    const bans = await test.ctx.storage.db.selectFrom("sandbox_bans").select("user_id").execute();
    expect(bans.map((row) => row.user_id)).toEqual([keptBanned]);
    // And the records and jobs are gone, as before.
    expect(await test.ctx.storage.db.selectFrom("moderation_cases").selectAll().execute()).toEqual([]);
    expect(
      await test.ctx.storage.db
        .selectFrom("jobs")
        .selectAll()
        .where("payload", "like", `%${demoGuildId}%`)
        .execute(),
    ).toEqual([]);
  });
});
