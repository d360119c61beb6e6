import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, demoGuildId, type TestContext } from "../../../test/helpers.ts";
import { seedDemo } from "./demo.ts";
import { getRaffleTickets } from "./service.ts";

describe("the demo server's raffle", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
    await seedDemo(t.ctx);
  });
  afterAll(() => t.cleanup());

  it("has one open raffle in #events with tickets handed out to 12 members", async () => {
    const raffle = await getRaffleTickets(t.ctx, demoGuildId, "0");
    expect(raffle?.raffle).toMatchObject({ prize: "Gold tier for a month", status: "open", winnerCount: 2 });
    expect(raffle?.holders).toBe(12);
    expect(raffle?.total).toBeGreaterThanOrEqual(12);
    const events = (await t.ctx.discord.listChannels(demoGuildId)).find((c) => c.name === "events");
    const message = await t.ctx.discord.getMessage(events?.id ?? "", raffle?.raffle.messageId ?? "");
    expect(message?.embeds[0]?.title).toBe("🎫 Raffle: Gold tier for a month");
  });
});
