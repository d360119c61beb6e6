import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dialects, openTestStorage, type TestStorage } from "../../../test/helpers.ts";
import * as store from "./store.ts";
import * as personal from "./store-personal.ts";

const limits = { emojis: 2, highlights: true, channelMembers: 0, roleMembers: 5, afk: false, responders: 1 };

describe.each(dialects)("perks store on %s", (dialect) => {
  let test: TestStorage;
  const db = () => test.storage.db;

  beforeAll(async () => {
    test = await openTestStorage(dialect);
  });
  afterAll(async () => {
    await test.cleanup();
  });

  it("stores tiers, finds them by name whatever the case, and refuses a duplicate name", async () => {
    const tier = await store.insertTier(db(), { serverId: "s1", name: "VIP", roleId: "r1", ...limits }, 1000);
    expect(tier).toMatchObject({ name: "VIP", emojis: 2, highlights: true, afk: false, roleMembers: 5 });
    expect((await store.findTierByName(db(), "s1", "  vip "))?.id).toBe(tier.id);
    expect(await store.findTierByName(db(), "s2", "vip")).toBeNull();
    await expect(
      store.insertTier(db(), { serverId: "s1", name: "vip", roleId: "r2", ...limits }, 1000),
    ).rejects.toThrow();
    const updated = await store.updateTier(db(), tier.id, { emojis: 4, afk: true, name: "V.I.P." }, 2000);
    expect(updated).toMatchObject({ name: "V.I.P.", emojis: 4, afk: true, responders: 1 });
    expect(await store.listTiers(db(), "s1")).toHaveLength(1);
    expect(await store.deleteTier(db(), "s2", tier.id)).toBe(false);
    expect(await store.deleteTier(db(), "s1", tier.id)).toBe(true);
    expect(await store.listTiers(db(), "s1")).toEqual([]);
  });

  it("keeps the auto-cleanup setting per server (off by default)", async () => {
    expect(await store.getAutoCleanup(db(), "s1")).toBe(false);
    await store.setAutoCleanup(db(), "s1", true, 1);
    await store.setAutoCleanup(db(), "s1", true, 2);
    expect(await store.getAutoCleanup(db(), "s1")).toBe(true);
    expect(await store.getAutoCleanup(db(), "s2")).toBe(false);
  });

  it("saves a member's perks part by part", async () => {
    await store.saveMember(db(), "s1", "u1", { emojis: ["⭐", "hollow:123456789012345678"] }, 1);
    await store.saveMember(db(), "s1", "u1", { channelId: "c1", channelMembers: ["u2", "u3"] }, 2);
    const member = await store.saveMember(db(), "s1", "u1", { expiredAt: 5000 }, 3);
    expect(member).toEqual({
      serverId: "s1",
      userId: "u1",
      emojis: ["⭐", "hollow:123456789012345678"],
      channelId: "c1",
      channelMembers: ["u2", "u3"],
      roleId: null,
      roleMembers: [],
      expiredAt: 5000,
    });
    expect(await store.listMembers(db(), "s1")).toHaveLength(1);
    expect(await store.findMember(db(), "s2", "u1")).toBeNull();
  });

  it("replaces keywords and lists them by server", async () => {
    await personal.replaceKeywords(db(), "s1", "u1", ["raid", "lore"], 1);
    await personal.replaceKeywords(db(), "s1", "u1", ["lore", "art"], 2);
    await personal.replaceKeywords(db(), "s1", "u2", ["art"], 2);
    expect(await personal.memberKeywords(db(), "s1", "u1")).toEqual(["lore", "art"]);
    expect(await personal.listKeywords(db(), "s1")).toHaveLength(3);
    await personal.replaceKeywords(db(), "s1", "u2", [], 3);
    expect(await personal.memberKeywords(db(), "s1", "u2")).toEqual([]);
  });

  it("stores responders with text or embed and deletes only the owner's", async () => {
    const text = await personal.insertResponder(
      db(),
      { serverId: "s1", userId: "u1", trigger: "Hello", response: "hi!", embed: null },
      1,
    );
    const embed = await personal.insertResponder(
      db(),
      {
        serverId: "s1",
        userId: "u1",
        trigger: "rules",
        response: null,
        embed: { title: "Rules", color: 0xff0000 },
      },
      2,
    );
    expect((await personal.findResponderByTrigger(db(), "s1", "u1", "HELLO"))?.id).toBe(text.id);
    expect((await personal.listResponders(db(), "s1", "u1")).map((r) => r.embed)).toEqual([
      null,
      { title: "Rules", color: 0xff0000 },
    ]);
    expect(await personal.deleteResponders(db(), "s1", "u2", [embed.id])).toBe(0);
    expect(await personal.deleteResponders(db(), "s1", "u1", [embed.id])).toBe(1);
    expect(await personal.listResponders(db(), "s1")).toHaveLength(1);
  });

  it("sets and clears AFK once, handing back the mentions in order", async () => {
    await personal.setAfk(db(), "s1", { userId: "u1", message: "lunch", since: 100 });
    await personal.addMention(db(), "s1", "u1", {
      authorId: "a2",
      channelId: "c1",
      messageId: "m2",
      at: 300,
    });
    await personal.addMention(db(), "s1", "u1", {
      authorId: "a1",
      channelId: "c1",
      messageId: "m1",
      at: 200,
    });
    expect(await personal.listAfk(db(), "s1")).toEqual([{ userId: "u1", message: "lunch", since: 100 }]);
    const cleared = await personal.clearAfk(db(), "s1", "u1");
    expect(cleared?.note.message).toBe("lunch");
    expect(cleared?.mentions.map((m) => m.messageId)).toEqual(["m1", "m2"]);
    expect(await personal.clearAfk(db(), "s1", "u1")).toBeNull();
  });

  it("forgets everything of a member at once", async () => {
    await personal.setAfk(db(), "s1", { userId: "u1", message: "x", since: 1 });
    await store.deleteMemberData(db(), "s1", "u1");
    expect(await store.findMember(db(), "s1", "u1")).toBeNull();
    expect(await personal.memberKeywords(db(), "s1", "u1")).toEqual([]);
    expect(await personal.listResponders(db(), "s1", "u1")).toEqual([]);
    expect(await personal.listAfk(db(), "s1")).toEqual([]);
  });
});
