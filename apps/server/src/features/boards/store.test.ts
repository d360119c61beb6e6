import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dialects, openTestStorage, type TestStorage } from "../../../test/helpers.ts";
import * as messageStore from "./message-store.ts";
import * as postStore from "./post-store.ts";
import * as reactorStore from "./reactor-store.ts";
import * as reportStore from "./report-store.ts";
import * as store from "./store.ts";

describe.each(dialects)("boards store on %s", (dialect) => {
  let test: TestStorage;
  const server = "100";
  const boardInput = (name: string, channelId = "900"): store.BoardInput => ({
    serverId: server,
    name,
    emojiKey: "⭐",
    emojiMarkup: "⭐",
    channelId,
    type: "starboard",
    minReactions: 3,
    allowSelf: false,
    allowBots: false,
    removeBelow: true,
    createdBy: "7",
  });
  const facts = (messageId: string): messageStore.MessageFacts => ({
    serverId: server,
    channelId: "800",
    messageId,
    authorId: "author",
    authorName: "Author",
    authorAvatar: null,
    authorBot: false,
    content: "hello",
    imageUrl: null,
    sourceNsfw: false,
    messageCreatedAt: 500,
  });

  beforeAll(async () => {
    test = await openTestStorage(dialect);
  });
  afterAll(async () => {
    await test.cleanup();
  });

  it("keeps board names unique per server, case-insensitively", async () => {
    const db = test.storage.db;
    const board = await store.insertBoard(db, boardInput("Starboard"), 1000);
    expect(board).toMatchObject({ name: "Starboard", enabled: true, removeBelow: true, minReactions: 3 });
    await expect(store.insertBoard(db, boardInput("STARBOARD"), 1001)).rejects.toThrow();
    expect((await store.findBoardByName(db, server, " starBOARD "))?.id).toBe(board.id);
    const other = await store.insertBoard(db, { ...boardInput("Starboard"), serverId: "101" }, 1002);
    expect(other.id).not.toBe(board.id);
    const renamed = await store.updateBoard(db, board.id, { name: "Hall of Fame", enabled: false }, 2000);
    expect(renamed).toMatchObject({ name: "Hall of Fame", enabled: false, updatedAt: 2000 });
    expect(await store.findBoardByName(db, server, "hall of fame")).not.toBeNull();
    expect((await store.listBoards(db, server)).find((b) => b.id === board.id)?.enabled).toBe(false);
  });

  it("stores a message once with its seeded reactors; reactors are counted once each", async () => {
    const db = test.storage.db;
    const board = await store.insertBoard(db, boardInput("Counting", "901"), 1000);
    const seeds = { emojiKey: "⭐", userIds: ["a", "b", "a"] };
    const [first, second] = await Promise.all([
      messageStore.insertMessage(db, board.id, facts("m1"), seeds, 1000),
      messageStore.insertMessage(db, board.id, facts("m1"), { emojiKey: "⭐", userIds: ["z"] }, 1000),
    ]);
    expect(first?.id).toBe(second?.id);
    await Promise.all(
      ["a", "c", "c", "author"].map((u) => reactorStore.addReactor(db, board.id, "m1", u, 1001)),
    );
    const total = await reactorStore.countReactors(db, board.id, "m1", null);
    expect([4, 5]).toContain(total); // a, b, c, author (+ z when its insert won the race)
    expect(await reactorStore.countReactors(db, board.id, "m1", "author")).toBe(total - 1);
    await reactorStore.removeReactor(db, board.id, "m1", "a");
    expect(await reactorStore.countReactors(db, board.id, "m1", null)).toBe(total - 1);
    // A new emoji reseeds the reactors.
    const row = await messageStore.findMessage(db, board.id, "m1");
    if (!row) throw new Error("stored");
    await reactorStore.reseedReactors(db, row, { emojiKey: "💀", userIds: ["x"] }, 1002);
    expect(await reactorStore.countReactors(db, board.id, "m1", null)).toBe(1);
    expect((await messageStore.findMessage(db, board.id, "m1"))?.seededKey).toBe("💀");
  });

  it("lets exactly one of many concurrent callers claim the post", async () => {
    const db = test.storage.db;
    const board = await store.insertBoard(db, boardInput("Claims", "902"), 1000);
    const row = await messageStore.insertMessage(
      db,
      board.id,
      facts("m2"),
      { emojiKey: "⭐", userIds: [] },
      1000,
    );
    const claims = await Promise.all(
      Array.from({ length: 20 }, () => postStore.claimPost(db, row.id, 5000, 60_000)),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    // A stale claim can be taken over; a fresh one can't.
    expect(await postStore.claimPost(db, row.id, 5001, 60_000)).toBe(false);
    expect(await postStore.claimPost(db, row.id, 70_000, 60_000)).toBe(true);
    // The post made under the lost claim is refused; the current claim's is kept.
    expect(
      await postStore.setPost(db, row.id, 5000, { channelId: "902", messageId: "p1", count: 3 }, 70_001),
    ).toBe(false);
    expect(
      await postStore.setPost(db, row.id, 70_000, { channelId: "902", messageId: "p2", count: 3 }, 70_001),
    ).toBe(true);
    expect(await postStore.claimPost(db, row.id, 200_000, 60_000)).toBe(false);
    // Editors of the post take turns the same way; the post itself can't be claimed while posted.
    const edits = await Promise.all(
      Array.from({ length: 10 }, () => postStore.claimEdit(db, row.id, "p2", 300_000, 60_000)),
    );
    expect(edits.filter(Boolean)).toHaveLength(1);
    expect(await postStore.claimEdit(db, row.id, "p2", 300_001, 60_000)).toBe(false);
    expect(await postStore.claimEdit(db, row.id, "other-post", 500_000, 60_000)).toBe(false);
    await postStore.releaseClaim(db, row.id, 300_000);
    expect(await postStore.claimEdit(db, row.id, "p2", 300_002, 60_000)).toBe(true);
    await postStore.releaseClaim(db, row.id, 300_002);
    expect((await messageStore.rowsOfPost(db, "p2")).map((r) => r.id)).toEqual([row.id]);
    // Taking the post off is also a claim: one caller wins.
    const takes = await Promise.all([
      postStore.takePost(db, row.id, "p2", 1),
      postStore.takePost(db, row.id, "p2", 1),
    ]);
    expect(takes.filter(Boolean)).toHaveLength(1);
    expect(await messageStore.findMessage(db, board.id, "m2")).toMatchObject({
      postMessageId: null,
      dismissed: false,
    });
  });

  it("reports stats, top and recent messages, and deletes a board with its messages", async () => {
    const db = test.storage.db;
    const board = await store.insertBoard(db, boardInput("Reports", "903"), 1000);
    for (const [id, author, count, at] of [
      ["r1", "u1", 5, 10_000],
      ["r2", "u1", 9, 20_000],
      ["r3", "u2", 7, 30_000],
      ["r4", "u3", 2, 0],
    ] as const) {
      const row = await messageStore.insertMessage(
        db,
        board.id,
        { ...facts(id), authorId: author, authorName: author },
        { emojiKey: "⭐", userIds: Array.from({ length: count }, (_, i) => `${id}-${i}`) },
        1000,
      );
      await reactorStore.setCount(db, row.id, count, 1000);
      if (at > 0) {
        expect(await postStore.claimPost(db, row.id, at, 60_000)).toBe(true);
        await postStore.setPost(db, row.id, at, { channelId: "903", messageId: `post-${id}`, count }, at);
      }
    }
    expect(await reportStore.boardStats(db, board.id)).toEqual({
      boardId: board.id,
      posted: 3,
      tracked: 4,
      reactions: 23,
      topAuthors: [
        { authorId: "u1", authorName: "u1", posts: 2 },
        { authorId: "u2", authorName: "u2", posts: 1 },
      ],
    });
    expect((await reportStore.topMessages(db, [board.id], 2)).map((r) => r.messageId)).toEqual(["r2", "r3"]);
    const recent = await reportStore.recentMessages(db, [board.id], 15_000, 1);
    expect(recent.total).toBe(2);
    expect(recent.messages.map((r) => r.messageId)).toEqual(["r3"]);

    const deleted = await store.deleteBoard(db, board.id);
    expect(deleted?.messages).toBe(4);
    expect(deleted?.posts.map((p) => p.messageId).sort()).toEqual(["post-r1", "post-r2", "post-r3"]);
    expect(await store.findBoard(db, board.id)).toBeNull();
    const left = await db
      .selectFrom("board_reactors")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("board_id", "=", board.id)
      .executeTakeFirstOrThrow();
    expect(Number(left.n)).toBe(0);
    expect(await messageStore.rowsOfMessage(db, server, "r1")).toEqual([]);
  });
});
