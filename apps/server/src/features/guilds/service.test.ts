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
    expect(again).toEqual(loaded);
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
