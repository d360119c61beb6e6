import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { plainMembers } from "../../../test/fixtures/grinders.ts";
import { createTestContext, demoGuildId, type TestContext } from "../../../test/helpers.ts";
import { demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { enterGiveaway } from "../giveaways/entries.ts";
import { createGiveaway, endGiveaway } from "../giveaways/service.ts";
import { drawLottery } from "../lottery/draw.ts";
import { startLottery, takeTickets } from "../lottery/service.ts";
import { addRaffleTickets, drawRaffle, startRaffle } from "../raffle/service.ts";
import { editSettings } from "../settings/service.ts";
import { recordPoolWin } from "./service.ts";

// Lotteries and raffles go through the same anti-pool rule as giveaways: a member who won an event
// inside the window is skipped and the prize goes to another ticket holder; the pool manager is asked.
describe("anti-pool on lotteries and raffles", () => {
  let t: TestContext;
  let pooler: string;
  let fair: string;
  let manager: string;
  let channelId: string;
  const owner = { tokenId: null, userId: demoOwnerId };

  beforeAll(async () => {
    t = await createTestContext();
    [pooler, fair, manager] = (await plainMembers(t.ctx, 3)) as [string, string, string];
    channelId = (await t.ctx.discord.listChannels(demoGuildId)).find((c) => c.name === "events")?.id ?? "";
  });
  afterAll(() => t.cleanup());
  beforeEach(async () => {
    await t.ctx.storage.db.deleteFrom("antipool_wins").execute();
    await t.ctx.storage.db.deleteFrom("antipool_blocks").execute();
    await editSettings(
      t.ctx,
      demoGuildId,
      { antiPoolShow: { poolManagerId: manager, windowHours: 24 } },
      owner,
    );
    await recordPoolWin(
      t.ctx,
      { serverId: demoGuildId, kind: "giveaway", eventId: "1", label: "Nitro", channelId, startedAt: 0 },
      pooler,
      Date.now() - 3_600_000,
    );
  });

  const blocks = () =>
    t.ctx.storage.db.selectFrom("antipool_blocks").select(["user_id", "event_kind", "status"]).execute();

  it("a giveaway whose only entrant is a pooler ends with no valid entries, not 'no one entered'", async () => {
    const giveaway = await createGiveaway(t.ctx, demoGuildId, owner, {
      channelId,
      prize: "Pooled prize",
      winnerCount: 1,
      duration: 3600,
    });
    await enterGiveaway(t.ctx, demoGuildId, giveaway.messageId, pooler);
    const ended = await endGiveaway(t.ctx, demoGuildId, giveaway.messageId, { by: "manual", actor: owner });
    expect(ended.entriesCount).toBe(1);
    const posts = await t.ctx.storage.db
      .selectFrom("sandbox_outbox")
      .select("payload")
      .where("action", "=", "message.send")
      .orderBy("id", "desc")
      .limit(1)
      .execute();
    const content = (JSON.parse(posts[0]?.payload ?? "{}") as { message?: { content?: string } }).message
      ?.content;
    // The host (the creator, by default) is pinged with the result (issue 27).
    expect(content).toBe(
      `The giveaway for **Pooled prize** has ended with no valid entries, so there is no winner.\nHosted by <@${owner.userId}>.`,
    );
    expect(await blocks()).toEqual([{ user_id: pooler, event_kind: "giveaway", status: "pending" }]);
  });

  it("a lottery won by a pooler goes to the other ticket holder", async () => {
    await startLottery(t.ctx, demoGuildId, owner, {
      prize: "2m coins",
      durationSeconds: 3600,
      maxTickets: 100,
      channelId,
    });
    await takeTickets(t.ctx, demoGuildId, pooler, 100);
    await takeTickets(t.ctx, demoGuildId, fair, 1);
    // The pooler holds 100 of 101 tickets: drawn first almost surely; a fixed draw makes it certain.
    const drawn = await drawLottery(t.ctx, demoGuildId, { by: "manual", randomInt: () => 0 });
    expect(drawn.winnerId).toBe(fair);
    expect(await blocks()).toEqual([{ user_id: pooler, event_kind: "lottery", status: "pending" }]);
  });

  it("a lottery or raffle whose only holder is a pooler says no holder could win, not that none took a ticket", async () => {
    const lastPost = async () => {
      const [row] = await t.ctx.storage.db
        .selectFrom("sandbox_outbox")
        .select("payload")
        .where("action", "=", "message.send")
        .orderBy("id", "desc")
        .limit(1)
        .execute();
      return (JSON.parse(row?.payload ?? "{}") as { message?: { content?: string } }).message?.content;
    };
    await startLottery(t.ctx, demoGuildId, owner, {
      prize: "Solo",
      durationSeconds: 3600,
      maxTickets: 1,
      channelId,
    });
    await takeTickets(t.ctx, demoGuildId, pooler, 1);
    expect((await drawLottery(t.ctx, demoGuildId, { by: "manual" })).winnerId).toBeNull();
    expect(await lastPost()).toContain("No ticket holder could win, so there is no winner.");

    await startRaffle(t.ctx, demoGuildId, owner, { prize: "Solo tier", winnerCount: 1, channelId });
    await addRaffleTickets(t.ctx, demoGuildId, owner, pooler, 3);
    expect((await drawRaffle(t.ctx, demoGuildId, owner)).winners).toEqual([]);
    expect(await lastPost()).toContain("No ticket holder could win, so there is no winner.");
  });

  it("a raffle skips the pooler and draws the next holder; with protection off it doesn't", async () => {
    await startRaffle(t.ctx, demoGuildId, owner, { prize: "Gold tier", winnerCount: 1, channelId });
    await addRaffleTickets(t.ctx, demoGuildId, owner, pooler, 50);
    await addRaffleTickets(t.ctx, demoGuildId, owner, fair, 1);
    const { winners } = await drawRaffle(t.ctx, demoGuildId, owner, { randomInt: () => 0 });
    expect(winners.map((w) => w.userId)).toEqual([fair]);
    expect(await blocks()).toEqual([{ user_id: pooler, event_kind: "raffle", status: "pending" }]);

    await editSettings(t.ctx, demoGuildId, { antiPoolShow: { poolManagerId: null } }, owner);
    await startRaffle(t.ctx, demoGuildId, owner, { prize: "Silver tier", winnerCount: 1, channelId });
    await addRaffleTickets(t.ctx, demoGuildId, owner, pooler, 50);
    const again = await drawRaffle(t.ctx, demoGuildId, owner, { randomInt: () => 0 });
    expect(again.winners.map((w) => w.userId)).toEqual([pooler]);
  });
});
