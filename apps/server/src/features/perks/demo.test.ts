import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, demoGuildId, type TestContext } from "../../../test/helpers.ts";
import { seedDemo } from "./demo.ts";
import { listMembers, listTiers } from "./store.ts";
import { listResponders } from "./store-personal.ts";

let test: TestContext;

beforeAll(async () => {
  test = await createTestContext();
});
afterAll(async () => {
  await test.cleanup();
});

describe("perks demo seed", () => {
  it("seeds the spec's example tiers on their roles and two members with perks, once", async () => {
    await seedDemo(test.ctx);
    await seedDemo(test.ctx);
    const tiers = await listTiers(test.ctx.storage.db, demoGuildId);
    expect(tiers.map((t) => [t.name, t.emojis, t.channelMembers, t.roleMembers, t.responders])).toEqual([
      ["Supporter", 2, 0, 0, 1],
      ["VIP", 4, 10, 5, 3],
      ["Premium", 6, 20, 15, 5],
    ]);
    const roles = await test.ctx.discord.listRoles(demoGuildId);
    for (const tier of tiers) expect(roles.find((r) => r.id === tier.roleId)?.name).toBe(tier.name);
    const members = await listMembers(test.ctx.storage.db, demoGuildId);
    expect(members).toHaveLength(2);
    const withChannel = members.find((m) => m.channelId !== null);
    expect(withChannel?.channelMembers).toHaveLength(1);
    expect((await test.ctx.discord.getChannel(withChannel?.channelId ?? ""))?.name).toBe("moonlit-den");
    expect(await listResponders(test.ctx.storage.db, demoGuildId)).toHaveLength(1);
  });
});
