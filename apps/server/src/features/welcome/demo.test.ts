import { validateTemplate } from "@hearth/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { demoGuildId } from "../../discord/sandbox/demo-seed-data.ts";
import { seedDemo } from "./demo.ts";
import { getPingOnJoin } from "./ping.ts";
import { getWelcomeConfig, renderWelcomeFor } from "./service.ts";

describe("welcome demo seed", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
    await seedDemo(t.ctx);
  });
  afterAll(() => t.cleanup());

  it("greets in #welcome with an embed and the wave button, using only tags the language knows", async () => {
    const channels = await t.ctx.discord.listChannels(demoGuildId);
    const nameOf = (id: string | null) => channels.find((channel) => channel.id === id)?.name;
    const config = await getWelcomeConfig(t.ctx, demoGuildId);
    expect(config.enabled).toBe(true);
    expect(nameOf(config.channelId)).toBe("welcome");
    expect(config.button).toEqual({ enabled: true, label: "Wave to say hi!", emoji: "👋" });
    for (const template of [config.embed.title, config.embed.description, config.embed.footer.text]) {
      expect(validateTemplate(template)).toEqual([]);
    }

    const row = await t.ctx.storage.db
      .selectFrom("sandbox_members")
      .select("user_id")
      .where("guild_id", "=", demoGuildId)
      .where("nick", "is", null)
      .orderBy("user_id", "desc")
      .executeTakeFirstOrThrow();
    const joined = await t.ctx.discord.getMember(demoGuildId, row.user_id);
    if (!joined) throw new Error("no member");
    const message = await renderWelcomeFor(t.ctx, demoGuildId, joined);
    expect(message.embed.title).toBe(
      `🔥 Welcome to Ember Hollow, ${joined.user.globalName ?? joined.user.username}!`,
    );
    expect(message.embed.description).toContain(`Hey <@${row.user_id}>`);
    expect(message.embed.description).toContain("**320th** member");
    expect(message.embed.footer).toEqual({
      text: "Ember Hollow • 320 members and counting",
      iconURL: expect.stringMatching(/^data:image\/svg\+xml/),
    });
    expect(message.button?.emoji).toBe("👋");
  });

  it("pings new members in #general and #self-roles", async () => {
    const channels = await t.ctx.discord.listChannels(demoGuildId);
    const ping = await getPingOnJoin(t.ctx, demoGuildId);
    expect(ping.enabled).toBe(true);
    expect(ping.channels.map((id) => channels.find((channel) => channel.id === id)?.name)).toEqual([
      "general",
      "self-roles",
    ]);
  });
});
