import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, demoGuildId, type TestContext } from "../../../test/helpers.ts";
import { seedDemo } from "./demo.ts";
import { announceJobKind, getBirthdaySettings, upcomingBirthdays } from "./service.ts";

describe("the demo server's birthdays", () => {
  let t: TestContext;
  const now = Date.UTC(2026, 10, 25, 12);
  beforeAll(async () => {
    t = await createTestContext();
    await seedDemo(t.ctx, now);
  });
  afterAll(() => t.cleanup());

  it("announces in #events with a Birthday role", async () => {
    const settings = await getBirthdaySettings(t.ctx, demoGuildId);
    const channels = await t.ctx.discord.listChannels(demoGuildId);
    const roles = await t.ctx.discord.listRoles(demoGuildId);
    expect(channels.find((c) => c.id === settings?.channelId)?.name).toBe("events");
    expect(roles.find((r) => r.id === settings?.roleId)?.name).toBe("Birthday");
  });

  it("lists 14 members' birthdays, soonest first, in several time zones, each with its job", async () => {
    const { upcoming, total } = await upcomingBirthdays(t.ctx, demoGuildId);
    expect(total).toBe(14);
    expect(upcoming).toHaveLength(10);
    expect(upcoming.map((b) => b.at)).toEqual([...upcoming.map((b) => b.at)].sort((a, b) => a - b));
    expect(new Set(upcoming.map((b) => b.timezone)).size).toBeGreaterThan(3);
    expect(upcoming.some((b) => b.age !== null)).toBe(true);
    const jobs = await t.ctx.storage.db
      .selectFrom("jobs")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("kind", "=", announceJobKind)
      .executeTakeFirstOrThrow();
    expect(Number(jobs.n)).toBe(14);
  });

  it("seeds once", async () => {
    await seedDemo(t.ctx, now);
    expect((await upcomingBirthdays(t.ctx, demoGuildId)).total).toBe(14);
  });
});
