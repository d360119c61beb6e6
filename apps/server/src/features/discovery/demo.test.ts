import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, demoGuildId, dialects, type TestContext } from "../../../test/helpers.ts";
import { seedDemo } from "./demo.ts";
import { searchDirectory } from "./service.ts";

describe.each(dialects)("discovery demo seed on %s", (dialect) => {
  let t: TestContext;

  beforeAll(async () => {
    t = await createTestContext({ dialect });
    await seedDemo(t.ctx);
  });
  afterAll(() => t.cleanup());

  it("lists the demo server, advertised, with its gaming tags", async () => {
    const ember = (await searchDirectory(t.ctx)).find((server) => server.id === demoGuildId);
    expect(ember).toMatchObject({ advertised: true, premium: false });
    expect(ember?.tags).toEqual(["gaming", "giveaways", "grinding", "community"]);
  });

  it("adds eleven more servers to the sandbox, one of them private and unlisted", async () => {
    const guilds = await t.ctx.discord.listGuilds();
    expect(guilds).toHaveLength(12);
    const entries = await t.ctx.storage.db.selectFrom("discovery_entries").selectAll().execute();
    expect(entries).toHaveLength(12);
    const hidden = entries.filter((entry) => entry.is_public === 0);
    expect(hidden).toHaveLength(1);
    const listed = await searchDirectory(t.ctx);
    expect(listed).toHaveLength(11);
    expect(listed.map((server) => server.id)).not.toContain(hidden[0]?.server_id);
    expect(listed.filter((server) => server.advertised)).toHaveLength(3);
    expect(listed.filter((server) => server.premium)).toHaveLength(4);
  });

  it("gives every seeded server an owner who is a member, channels and a real member count", async () => {
    for (const guild of await t.ctx.discord.listGuilds()) {
      expect(await t.ctx.discord.getMember(guild.id, guild.ownerId), guild.name).not.toBeNull();
      expect(guild.memberCount, guild.name).toBeGreaterThan(10);
      expect(guild.icon, guild.name).toMatch(/^data:image\/svg\+xml;base64,/);
      const channels = await t.ctx.discord.listChannels(guild.id);
      expect(
        channels.some((channel) => channel.type === 0),
        guild.name,
      ).toBe(true);
    }
  });
});
