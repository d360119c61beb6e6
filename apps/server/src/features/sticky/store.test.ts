import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dialects, openTestStorage, type TestStorage } from "../../../test/helpers.ts";
import * as store from "./store.ts";

describe.each(dialects)("sticky store on %s", (dialect) => {
  let test: TestStorage;
  const server = "100";
  const input = (channelId: string, message = "Be kind", triggerCount = 3) => ({
    serverId: server,
    channelId,
    message,
    triggerCount,
    createdBy: "7",
  });

  beforeAll(async () => {
    test = await openTestStorage(dialect);
  });
  afterAll(async () => {
    await test.cleanup();
  });

  it("keeps one sticky per channel: setting again replaces it and answers the replaced one", async () => {
    const db = test.storage.db;
    const first = await store.upsertSticky(db, input("c1"), 1000);
    expect(first.replaced).toBeNull();
    expect(await store.setPostedCopy(db, first.sticky, "m1", 1001)).toBe(true);
    const second = await store.upsertSticky(db, input("c1", "Read the rules", 5), 2000);
    expect(second.replaced).toMatchObject({ message: "Be kind", lastMessageId: "m1" });
    expect(second.sticky).toMatchObject({
      id: first.sticky.id,
      message: "Read the rules",
      triggerCount: 5,
      messageCount: 0,
      lastMessageId: null,
      createdAt: 1000,
      updatedAt: 2000,
    });
    expect(await store.listStickies(db, server)).toHaveLength(1);
  });

  it("counts messages and lets exactly one claim reset a due counter", async () => {
    const db = test.storage.db;
    const { sticky } = await store.upsertSticky(db, input("c2"), 1000);
    expect(await store.claimRepost(db, "c2")).toBeNull();
    for (let i = 1; i <= 4; i++) {
      expect(await store.countMessage(db, "c2")).toEqual({ messageCount: i, triggerCount: 3 });
    }
    const claims = await Promise.all([store.claimRepost(db, "c2"), store.claimRepost(db, "c2")]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect((await store.findSticky(db, "c2"))?.messageCount).toBe(0);
    expect(await store.countMessage(db, "no-sticky")).toBeNull();
    // A posted copy of replaced text is refused, so the caller deletes it.
    await store.upsertSticky(db, input("c2", "New text"), 3000);
    expect(await store.setPostedCopy(db, sticky, "stale", 3001)).toBe(false);
  });

  it("deletes only the server's own sticky", async () => {
    const db = test.storage.db;
    await store.upsertSticky(db, input("c3"), 1000);
    expect(await store.deleteSticky(db, "other-server", "c3")).toBeNull();
    expect(await store.deleteSticky(db, server, "c3")).toMatchObject({ channelId: "c3" });
    expect(await store.findSticky(db, "c3")).toBeNull();
  });
});
