import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rumbleRoyaleId } from "../../../test/fixtures/game-bots.ts";
import { createTestContext, demoGuildId, dialects, type TestContext } from "../../../test/helpers.ts";
import { recordWin, rumbleLeaderboard, rumbleStats } from "./service.ts";

const day = 86_400_000;
const now = Date.UTC(2026, 5, 20, 12);
const user = (n: number) => `4000000000000000${String(n).padStart(2, "0")}`;

describe.each(dialects)("rumble standings on %s", (dialect) => {
  let test: TestContext;
  beforeAll(async () => {
    test = await createTestContext({ dialect });
    let message = 0;
    const win = (userId: string, wonAt: number) =>
      recordWin(test.ctx, {
        serverId: demoGuildId,
        userId,
        channelId: "1",
        messageId: String(message++),
        wonAt,
      });
    // 20 winners: user n has n wins, all in May, except user 1 who wins 3 times in June.
    for (let n = 1; n <= 20; n++) {
      for (let w = 0; w < n; w++) await win(user(n), Date.UTC(2026, 4, 1) + (n * 20 + w) * 60_000);
    }
    for (let w = 0; w < 3; w++) await win(user(1), now - w * day);
    expect(
      await recordWin(test.ctx, {
        serverId: demoGuildId,
        userId: user(1),
        channelId: "1",
        messageId: "0",
        wonAt: now,
      }),
    ).toBe(false);
    expect(rumbleRoyaleId).toBe("693167035068317736");
  });
  afterAll(() => test.cleanup());

  it("all-time: top 15 by wins and the caller's own rank below them", async () => {
    const board = await rumbleLeaderboard(test.ctx, demoGuildId, "all-time", user(2), now);
    expect(board.top).toHaveLength(15);
    expect(board.top.slice(0, 2).map((s) => [s.userId, s.wins, s.rank])).toEqual([
      [user(20), 20, 1],
      [user(19), 19, 2],
    ]);
    expect(board.players).toBe(20);
    // user 1 has 4 wins in all and ties user 4: the one who got there first ranks first, same place.
    expect(board.caller).toMatchObject({ userId: user(2), wins: 2, rank: 20 });
    const tied = (await rumbleLeaderboard(test.ctx, demoGuildId, "all-time", user(1), now)).caller;
    expect(tied).toMatchObject({ wins: 4, rank: 17 });
    const inTop = await rumbleLeaderboard(test.ctx, demoGuildId, "all-time", user(20), now);
    expect(inTop.caller).toBeNull();
  });

  it("monthly counts this calendar month only", async () => {
    const board = await rumbleLeaderboard(test.ctx, demoGuildId, "monthly", user(5), now);
    expect(board.top.map((s) => [s.userId, s.wins, s.rank])).toEqual([[user(1), 3, 1]]);
    expect(board.caller).toBeNull();
    expect(board.players).toBe(1);
  });

  it("stats: wins, this month, rank and last win", async () => {
    expect(await rumbleStats(test.ctx, demoGuildId, user(1), now)).toEqual({
      wins: 4,
      monthly: 3,
      rank: 17,
      players: 20,
      lastWinAt: now,
    });
    expect(await rumbleStats(test.ctx, demoGuildId, "499999999999999999", now)).toMatchObject({
      wins: 0,
      monthly: 0,
      rank: null,
      lastWinAt: null,
    });
  });
});
