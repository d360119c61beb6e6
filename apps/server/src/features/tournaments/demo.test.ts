import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, demoGuildId, type TestContext } from "../../../test/helpers.ts";
import { seedDemo } from "./demo.ts";
import { tournamentDetail, tournamentView } from "./service.ts";

describe("the demo server's tournaments", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
    await seedDemo(t.ctx);
  });
  afterAll(() => t.cleanup());

  it("has Autumn Cup played to its champion and Winter Brawl under way, both in #events", async () => {
    const cup = await tournamentDetail(t.ctx, demoGuildId, 1);
    expect(cup).toMatchObject({ name: "Autumn Cup", status: "finished", size: 8 });
    expect(cup.players).toHaveLength(8);
    expect(cup.champion?.userId).toMatch(/^\d+$/);
    expect(cup.rounds.map((r) => r.matches.every((m) => m.winnerId !== null))).toEqual([true, true, true]);

    const brawl = await tournamentView(t.ctx, demoGuildId);
    expect(brawl?.tournament).toMatchObject({ name: "Winter Brawl", status: "running" });
    expect(brawl?.players).toHaveLength(6);
    expect(brawl?.matches.filter((m) => m.bye)).toHaveLength(2);
    expect(brawl?.matches.filter((m) => !m.bye && m.winner !== null)).toHaveLength(2);
    const events = (await t.ctx.discord.listChannels(demoGuildId)).find((c) => c.name === "events");
    expect(brawl?.tournament.channelId).toBe(events?.id);
    expect(brawl?.tournament.messageId).toMatch(/^\d+$/);
  });

  it("seeds once", async () => {
    await seedDemo(t.ctx);
    expect((await tournamentView(t.ctx, demoGuildId))?.tournament.id).toBe(2);
  });
});
