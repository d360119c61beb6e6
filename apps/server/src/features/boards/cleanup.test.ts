import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BoardsFixture, openBoardsFixture } from "../../../test/fixtures/boards.ts";
import { demoGuildId } from "../../../test/helpers.ts";
import { cleanupBoards } from "./cleanup.ts";
import * as messageStore from "./message-store.ts";

let t: BoardsFixture;
const db = () => t.ctx.storage.db;

beforeAll(async () => {
  t = await openBoardsFixture();
});
afterAll(() => t.close());

describe("board reports and admin actions", () => {
  it("cleanup removes posts whose original vanished and forgets posts deleted by hand", async () => {
    const board = await t.makeBoard({ name: "Tidy" });
    const gone = await t.say("deleted while offline");
    const kept = await t.say("post deleted while offline");
    const fine = await t.say("all good");
    for (const sent of [gone, kept, fine]) await t.reactMany(sent.id, 3);
    const posts = await t.postsIn(board.channelId);
    expect(posts).toHaveLength(3);
    // Deleted without the bot hearing it (no events).
    const silentlyDelete = (id: string) =>
      db().updateTable("sandbox_messages").set({ deleted_at: Date.now() }).where("id", "=", id).execute();
    await silentlyDelete(gone.id);
    const keptRow = await messageStore.findMessage(db(), board.id, kept.id);
    await silentlyDelete(keptRow?.postMessageId ?? "");

    const report = await cleanupBoards(t.ctx, demoGuildId, "tidy");
    expect(report).toEqual({ boards: 1, checked: 3, orphans: 1, missingPosts: 1, unavailable: [] });
    expect(await t.postsIn(board.channelId)).toHaveLength(1);
    expect(await messageStore.findMessage(db(), board.id, gone.id)).toBeNull();
    expect(await messageStore.findMessage(db(), board.id, kept.id)).toMatchObject({
      dismissed: true,
      postMessageId: null,
    });
    expect(await cleanupBoards(t.ctx, demoGuildId, "tidy")).toEqual({
      boards: 1,
      checked: 1,
      orphans: 0,
      missingPosts: 0,
      unavailable: [],
    });
  });
});
