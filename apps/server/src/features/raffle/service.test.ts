import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  addMember,
  channelId,
  demoMembers,
  owner,
  outbox as sent,
} from "../../../test/fixtures/giveaways.ts";
import { createTestContext, demoGuildId, dialects, type TestContext } from "../../../test/helpers.ts";
import { DiscordError } from "../../discord/port/port.ts";
import { AppError } from "../../lib/errors.ts";
import { createLogger } from "../../lib/logger.ts";
import { seededRandom } from "../../lib/seeded-random.ts";
import { listAudit } from "../audit/service.ts";
import {
  addRaffleTickets,
  drawRaffle,
  drawRaffleWinners,
  getRaffleTickets,
  markRaffleMember,
  startRaffle,
} from "./service.ts";

async function statusOf(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
    return 200;
  } catch (error) {
    if (error instanceof AppError) return error.statusCode;
    throw error;
  }
}

const seeded = (seed: number) => {
  const next = seededRandom(seed);
  return (max: number) => Math.floor(next() * max);
};

const logger = createLogger({ logLevel: "silent" });
/** A Discord port whose members are exactly `present` (and whose lookup of `failing` throws). */
const directory = (present: string[], failing: string[] = []) => ({
  logger,
  discord: {
    getMember: async (_guildId: string, userId: string) => {
      if (failing.includes(userId)) throw new DiscordError("unavailable", "down");
      return present.includes(userId) ? ({ user: { id: userId } } as never) : null;
    },
  } as never,
});

describe("drawRaffleWinners", () => {
  const pool = [
    { id: "a", entries: 1 },
    { id: "b", entries: 2 },
    { id: "c", entries: 3 },
    { id: "d", entries: 4 },
  ];

  it("draws N distinct winners weighted by tickets (seeded, 20,000 draws)", async () => {
    const ctx = directory(["a", "b", "c", "d"]);
    const random = seeded(7);
    const firsts = new Map<string, number>();
    const draws = 20_000;
    for (let i = 0; i < draws; i++) {
      const { winners } = await drawRaffleWinners(ctx, "g", pool, 2, random);
      expect(new Set(winners.map((winner) => winner.id)).size).toBe(2);
      const first = winners[0]?.id ?? "";
      firsts.set(first, (firsts.get(first) ?? 0) + 1);
    }
    // The first seat goes by ticket share: 10%, 20%, 30%, 40% (three sigma is about 1.1 points).
    for (const [id, share] of [
      ["a", 0.1],
      ["b", 0.2],
      ["c", 0.3],
      ["d", 0.4],
    ] as const) {
      expect(Math.abs((firsts.get(id) ?? 0) / draws - share)).toBeLessThan(0.011);
    }
  });

  it("never draws a member who left, and draws the seat again from those still here", async () => {
    const ctx = directory(["a", "b"]);
    for (let seed = 0; seed < 50; seed++) {
      const draw = await drawRaffleWinners(ctx, "g", pool, 3, seeded(seed));
      expect(draw.winners.map((winner) => winner.id).sort()).toEqual(["a", "b"]);
      expect(draw.left.every((id) => id === "c" || id === "d")).toBe(true);
    }
  });

  it("keeps a winner whose membership lookup failed, and says so", async () => {
    const draw = await drawRaffleWinners(directory([], ["a"]), "g", [{ id: "a", entries: 1 }], 1);
    expect(draw).toEqual({ winners: [{ id: "a", entries: 1 }], left: [], unverified: ["a"], blocked: [] });
  });
});

describe.each(dialects)("raffles on %s", (dialect) => {
  let t: TestContext;
  let events: string;
  // biome-ignore lint/suspicious/noExplicitAny: the recorded payloads are read as Discord got them
  const outbox = (action: string): Promise<any[]> => sent(t.ctx, action);

  beforeAll(async () => {
    t = await createTestContext({ dialect });
    events = await channelId(t.ctx, "events");
  });
  afterAll(() => t.cleanup());
  afterEach(() => vi.restoreAllMocks());
  beforeEach(async () => {
    await drawRaffle(t.ctx, demoGuildId, owner).catch(() => undefined);
  });

  const start = (winnerCount = 2) =>
    startRaffle(t.ctx, demoGuildId, owner, { prize: "Gold tier", winnerCount, channelId: events });

  it("opens one raffle per server, posted in its channel", async () => {
    const raffle = await start();
    expect((await outbox("message.send")).at(-1)?.message.embeds[0].title).toBe("🎫 Raffle: Gold tier");
    expect(raffle.messageId).not.toBeNull();
    expect(await statusOf(start())).toBe(409);
    expect(
      await statusOf(
        startRaffle(t.ctx, demoGuildId, owner, { prize: "x", winnerCount: 21, channelId: events }),
      ),
    ).toBe(400);
  });

  it("adds tickets staff hand out, refusing bots, non-members and bad counts", async () => {
    await start();
    const [alex] = await demoMembers(t.ctx, 1);
    const userId = alex as string;
    expect(await addRaffleTickets(t.ctx, demoGuildId, owner, userId, 5)).toMatchObject({ held: 5, total: 5 });
    expect(await addRaffleTickets(t.ctx, demoGuildId, owner, userId, 3)).toMatchObject({ held: 8, total: 8 });
    expect(await getRaffleTickets(t.ctx, demoGuildId, userId)).toMatchObject({
      held: 8,
      total: 8,
      holders: 1,
    });
    const bot = await addMember(t.ctx, { bot: true });
    expect(await statusOf(addRaffleTickets(t.ctx, demoGuildId, owner, bot, 1))).toBe(400);
    expect(await statusOf(addRaffleTickets(t.ctx, demoGuildId, owner, "123456789012345678", 1))).toBe(400);
    expect(await statusOf(addRaffleTickets(t.ctx, demoGuildId, owner, userId, 0))).toBe(400);
    expect(await statusOf(addRaffleTickets(t.ctx, demoGuildId, owner, userId, 1001))).toBe(400);
    const audit = await listAudit(t.ctx.storage.db, demoGuildId, 3);
    expect(audit.filter((entry) => entry.action === "raffle.add")[0]?.summary).toMatchObject({
      userId,
      tickets: 3,
      held: 8,
    });
  });

  it("draws N winners without replacement, records it, and the draw is final", async () => {
    const raffle = await start(2);
    const members = await demoMembers(t.ctx, 4);
    for (const [index, userId] of members.entries())
      await addRaffleTickets(t.ctx, demoGuildId, owner, userId, index + 1);
    const result = await drawRaffle(t.ctx, demoGuildId, owner);
    expect(result.winners).toHaveLength(2);
    expect(new Set(result.winners.map((winner) => winner.userId)).size).toBe(2);
    expect(result.raffle).toMatchObject({ status: "drawn", ticketsInDraw: 10, holdersInDraw: 4 });
    const announced = (await outbox("message.send")).at(-1);
    expect(announced?.message.allowedMentions).toEqual({
      users: result.winners.map((winner) => winner.userId),
    });
    expect(announced?.message.embeds[0].description).toContain("This draw is final.");
    const again = await drawRaffle(t.ctx, demoGuildId, owner).catch((error: AppError) => error);
    expect(again).toMatchObject({ statusCode: 409, message: expect.stringContaining("draws are final") });
    expect(await statusOf(addRaffleTickets(t.ctx, demoGuildId, owner, members[0] as string, 1))).toBe(404);
    const status = await getRaffleTickets(t.ctx, demoGuildId, members[0] as string);
    expect(status?.raffle.id).toBe(raffle.id);
    expect(status?.winners.map((winner) => winner.userId)).toEqual(
      result.winners.map((winner) => winner.userId),
    );
  });

  it("races two draws: exactly one records winners", async () => {
    await start(1);
    const members = await demoMembers(t.ctx, 3);
    for (const userId of members) await addRaffleTickets(t.ctx, demoGuildId, owner, userId, 2);
    const results = await Promise.allSettled([
      drawRaffle(t.ctx, demoGuildId, owner),
      drawRaffle(t.ctx, demoGuildId, owner),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const rows = await t.ctx.storage.db.selectFrom("raffle_winners").selectAll().execute();
    const byRaffle = new Map<number, number>();
    for (const row of rows) byRaffle.set(row.raffle_id, (byRaffle.get(row.raffle_id) ?? 0) + 1);
    expect([...byRaffle.values()].every((n) => n <= 2)).toBe(true);
  });

  it("excludes members who left (marked on leave, and checked at draw time)", async () => {
    await start(3);
    const stays = await addMember(t.ctx);
    const leftWithEvent = await addMember(t.ctx);
    const leftQuietly = await addMember(t.ctx);
    for (const userId of [stays, leftWithEvent, leftQuietly])
      await addRaffleTickets(t.ctx, demoGuildId, owner, userId, 50);
    await markRaffleMember(t.ctx, demoGuildId, leftWithEvent, false);
    // This one left while the bot was offline: only the draw-time lookup knows.
    await t.ctx.storage.db
      .deleteFrom("sandbox_members")
      .where("user_id", "in", [leftWithEvent, leftQuietly])
      .execute();
    const result = await drawRaffle(t.ctx, demoGuildId, owner);
    expect(result.winners.map((winner) => winner.userId)).toEqual([stays]);
    expect(result.raffle).toMatchObject({ ticketsInDraw: 50, holdersInDraw: 1 });
  });

  it("a member who comes back is in the draw again", async () => {
    await start(1);
    const userId = await addMember(t.ctx);
    await addRaffleTickets(t.ctx, demoGuildId, owner, userId, 1);
    await markRaffleMember(t.ctx, demoGuildId, userId, false);
    await markRaffleMember(t.ctx, demoGuildId, userId, true);
    const result = await drawRaffle(t.ctx, demoGuildId, owner);
    expect(result.winners.map((winner) => winner.userId)).toEqual([userId]);
  });

  it("records the draw even when the announcement can't be posted", async () => {
    await start(1);
    const userId = await addMember(t.ctx);
    await addRaffleTickets(t.ctx, demoGuildId, owner, userId, 1);
    vi.spyOn(t.sandbox, "sendMessage").mockRejectedValueOnce(new DiscordError("missing_permissions", "no"));
    const result = await drawRaffle(t.ctx, demoGuildId, owner);
    expect(result.winners.map((winner) => winner.userId)).toEqual([userId]);
    expect((await getRaffleTickets(t.ctx, demoGuildId, userId))?.raffle.status).toBe("drawn");
  });
});
