import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { plainMembers } from "../../../test/fixtures/grinders.ts";
import { createTestContext, demoGuildId, dialects, type TestContext } from "../../../test/helpers.ts";
import { demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { editSettings } from "../settings/service.ts";
import { approveBlock, blockWin, type PoolEvent, recordPoolWin, screenWinner } from "./service.ts";

const hour = 3_600_000;

describe.each(dialects)("the anti-pool rule on %s", (dialect) => {
  let test: TestContext;
  let member: string;
  let manager: string;
  let event: PoolEvent;
  const now = Date.now();
  const actor = { tokenId: null, userId: demoOwnerId };

  beforeAll(async () => {
    test = await createTestContext({ dialect });
    [member, manager] = (await plainMembers(test.ctx, 2)) as [string, string];
    const channelId =
      (await test.ctx.discord.listChannels(demoGuildId)).find((c) => c.name === "giveaways")?.id ?? "";
    event = {
      serverId: demoGuildId,
      kind: "giveaway",
      eventId: "900",
      label: "5m coins",
      channelId,
      startedAt: now - 2 * hour,
    };
  });
  afterAll(() => test.cleanup());
  beforeEach(async () => {
    for (const table of ["antipool_wins", "antipool_blocks", "server_settings", "sandbox_outbox"] as const) {
      await test.ctx.storage.db.deleteFrom(table).execute();
    }
    await editSettings(
      test.ctx,
      demoGuildId,
      { antiPoolShow: { poolManagerId: manager, windowHours: 24 } },
      actor,
    );
  });

  const previous = (at: number) =>
    recordPoolWin(test.ctx, { ...event, kind: "lottery", eventId: "7", label: "VIP" }, member, at);

  it("passes everyone while protection is off, and records nothing", async () => {
    await editSettings(test.ctx, demoGuildId, { antiPoolShow: { poolManagerId: null } }, actor);
    await previous(now - hour);
    expect(await screenWinner(test.ctx, event, member, now)).toEqual({ ok: true });
    expect(await test.ctx.storage.db.selectFrom("antipool_wins").selectAll().execute()).toEqual([]);
  });

  it("one win per window: an earlier win inside it blocks, outside it doesn't, and the window is the setting", async () => {
    await previous(now - 23 * hour);
    expect(await screenWinner(test.ctx, event, member, now)).toMatchObject({
      ok: false,
      reason: "recent_win",
      detail: { label: "VIP", windowHours: 24 },
    });
    await editSettings(test.ctx, demoGuildId, { antiPoolShow: { windowHours: 12 } }, actor);
    expect(await screenWinner(test.ctx, event, member, now)).toEqual({ ok: true });
    // The same event's own win never counts against it (a reroll of the same giveaway).
    await recordPoolWin(test.ctx, event, member, now);
    await editSettings(test.ctx, demoGuildId, { antiPoolShow: { windowHours: 24 } }, actor);
    expect((await screenWinner(test.ctx, { ...event, eventId: "901" }, member, now)).ok).toBe(false);
  });

  it("a member who joined after the event started can't win it", async () => {
    const joinedAt = (await test.ctx.discord.getMember(demoGuildId, member))?.joinedAt ?? 0;
    const late = { ...event, startedAt: joinedAt - 1 };
    expect(await screenWinner(test.ctx, late, member, now)).toMatchObject({
      ok: false,
      reason: "joined_after",
      detail: { joinedAt },
    });
    expect(await screenWinner(test.ctx, { ...event, startedAt: joinedAt }, member, now)).toEqual({
      ok: true,
    });
  });

  it("a block DMs the pool manager with an Approve button; approval awards the win once, by the manager only", async () => {
    await previous(now - hour);
    const verdict = await screenWinner(test.ctx, event, member, now);
    if (verdict.ok) throw new Error("expected a block");
    const block = await blockWin(test.ctx, event, member, verdict, now);
    expect(block.notified).toBe("dm");
    const dm = await test.ctx.storage.db
      .selectFrom("sandbox_outbox")
      .select("payload")
      .where("action", "=", "dm.send")
      .executeTakeFirstOrThrow();
    const sent = JSON.parse(dm.payload) as {
      userId: string;
      message: { components: { customId: string }[][]; embeds: { description: string }[] };
    };
    expect(sent.userId).toBe(manager);
    // The block can't know whether someone else could win: the DM doesn't claim another winner.
    expect(sent.message.embeds[0]?.description).toContain("They were skipped");
    expect(sent.message.embeds[0]?.description).not.toContain("Another winner was drawn");
    expect(sent.message.components[0]?.[0]?.customId).toBe(`antipool:approve:${block.id}`);
    // Blocking again (a second reroll) doesn't ask twice.
    expect((await blockWin(test.ctx, event, member, verdict, now)).id).toBe(block.id);
    await expect(approveBlock(test.ctx, block.id, member, now)).rejects.toThrow(
      /Only the server's pool manager/,
    );
    const approved = await approveBlock(test.ctx, block.id, manager, now);
    expect(approved).toMatchObject({ already: false, block: { status: "approved", decidedBy: manager } });
    expect((await approveBlock(test.ctx, block.id, manager, now)).already).toBe(true);
    // Approved: this member may win this event now.
    expect(await screenWinner(test.ctx, event, member, now)).toEqual({ ok: true });
  });
});
