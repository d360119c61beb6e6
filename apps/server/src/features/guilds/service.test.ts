import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, demoGuildId, type TestApp } from "../../../test/helpers.ts";
import { isPromise } from "../../lib/maybe-promise.ts";
import { getServerInfo } from "./service.ts";

// The dashboard's server card is read on every dashboard page: once the guild and its owner are in
// the adapter's memory it answers without a promise (issue 16), and both paths answer the same.

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.cleanup();
});

describe("getServerInfo", () => {
  it("loads the first time and answers from memory, without a promise, after", async () => {
    const first = getServerInfo(t.ctx, demoGuildId);
    expect(isPromise(first)).toBe(true);
    const loaded = await first;
    expect(loaded).toMatchObject({ id: demoGuildId, name: "Ember Hollow", owner: { tag: "emberkeeper" } });

    const again = getServerInfo(t.ctx, demoGuildId);
    expect(isPromise(again)).toBe(false);
    // The same frozen card while nothing changed: its JSON is written once (response-serializer.ts).
    expect(again).toBe(loaded);
    expect(Object.isFrozen(loaded) && Object.isFrozen(loaded.owner)).toBe(true);
  });

  it("makes a new card when a value changes, even in an object the adapter updates in place", () => {
    const guild = {
      id: "900000000000000001",
      name: "Ember Hollow",
      icon: null,
      memberCount: 10,
      ownerId: "1",
    };
    const user = {
      id: "1",
      username: "emberkeeper",
      globalName: null,
      discriminator: "0",
      avatar: null,
      bot: false,
    };
    const deps = {
      discord: { peekGuild: () => guild, peekUser: () => user },
    } as unknown as Parameters<typeof getServerInfo>[0];
    const first = getServerInfo(deps, guild.id);
    expect(getServerInfo(deps, guild.id)).toBe(first);
    guild.memberCount = 11;
    const grown = getServerInfo(deps, guild.id);
    expect(grown).not.toBe(first);
    expect(grown).toMatchObject({ memberCount: 11, owner: { tag: "emberkeeper" } });
    expect(first).toMatchObject({ memberCount: 10 });
    guild.name = "Ash Hollow";
    expect(getServerInfo(deps, guild.id)).toMatchObject({ name: "Ash Hollow", memberCount: 11 });
  });

  it("loads again once the adapter forgets the guild: a member joining reaches the card", async () => {
    const before = await getServerInfo(t.ctx, demoGuildId);
    await t.sandbox.simulateMemberJoin(demoGuildId, { id: "555555555555555555", username: "newcomer" });
    const after = getServerInfo(t.ctx, demoGuildId);
    expect(isPromise(after)).toBe(true);
    expect((await after).memberCount).toBe(before.memberCount + 1);
  });

  it("a server the bot is not in is a 404 on both paths: loaded, then known from memory", async () => {
    const auth = { authorization: t.token };
    await t.ctx.discord.leaveGuild(demoGuildId);
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({ method: "GET", url: "/api/dashboard/server", headers: auth });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: "The bot is no longer in this server" });
    }
    // The second answer came from memory: the guild's absence is held, and thrown without a promise.
    expect(() => getServerInfo(t.ctx, demoGuildId)).toThrow("The bot is no longer in this server");
  });
});
