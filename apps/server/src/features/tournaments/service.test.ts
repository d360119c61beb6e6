import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestContext, demoGuildId, dialects, type TestContext } from "../../../test/helpers.ts";
import type { OutgoingMessage } from "../../discord/port/port.ts";
import { demoMembers } from "../../discord/sandbox/demo-seed.ts";
import { demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { updateSetup } from "../setup/service.ts";
import { buildBracket, playableMatches } from "./bracket.ts";
import { bracketMessage } from "./messages.ts";
import {
  cancelTournament,
  createTournament,
  joinTournament,
  leaveTournament,
  reportMatch,
  startTournament,
  tournamentDetail,
  tournamentView,
} from "./service.ts";

const actor = { tokenId: null, userId: demoOwnerId };

describe.each(dialects)("tournaments service on %s", (dialect) => {
  let t: TestContext;
  let events: string;
  let pingRole: string;
  let members: string[];

  beforeAll(async () => {
    t = await createTestContext({ dialect });
    events = (await t.ctx.discord.listChannels(demoGuildId)).find((c) => c.name === "events")?.id ?? "";
    pingRole = (await t.ctx.discord.listRoles(demoGuildId)).find((r) => r.name === "Events Ping")?.id ?? "";
    members = await demoMembers(t.ctx.storage.db, 66);
  });
  afterAll(() => t.cleanup());
  beforeEach(async () => {
    await t.ctx.storage.db.deleteFrom("tournaments").execute();
    await t.ctx.storage.db.deleteFrom("sandbox_outbox").execute();
  });

  const outbox = async (action: string) =>
    (
      await t.ctx.storage.db
        .selectFrom("sandbox_outbox")
        .selectAll()
        .where("action", "=", action)
        .orderBy("id")
        .execute()
    ).map(
      (row) => JSON.parse(row.payload) as { channelId: string; messageId: string; message: OutgoingMessage },
    );
  const create = (size = 8, name = "Summer Cup") =>
    createTournament(t.ctx, demoGuildId, actor, { name, size, channelId: events });
  const signUp = async (count: number) => {
    for (const userId of members.slice(0, count)) {
      await joinTournament(t.ctx, demoGuildId, { userId, name: `Player ${members.indexOf(userId) + 1}` });
    }
  };
  const playable = async () => playableMatches((await tournamentView(t.ctx, demoGuildId))?.matches ?? []);

  it("opens sign-ups with the events ping role mentioned and only it allowed to ping", async () => {
    await updateSetup(t.ctx, demoGuildId, { events: { pingRole } }, actor);
    const created = await create();
    expect(created).toMatchObject({ name: "Summer Cup", size: 8, status: "signup", channelId: events });
    const [sent] = await outbox("message.send");
    expect(sent?.message.content).toBe(`<@&${pingRole}>`);
    expect(sent?.message.allowedMentions).toEqual({ roles: [pingRole] });
    expect(sent?.message.components?.[0]?.map((b) => ("label" in b ? b.label : ""))).toEqual([
      "Join",
      "Leave",
      "Cancel (staff)",
    ]);
    await updateSetup(t.ctx, demoGuildId, { events: { pingRole: null } }, actor);
  });

  it("allows one open tournament per server and validates name and size", async () => {
    await create();
    // There is no cancel command: the refusal points at the message's button.
    await expect(create(8, "Second")).rejects.toMatchObject({
      statusCode: 409,
      message: expect.stringMatching(/cancel it with \*\*Cancel \(staff\)\*\* on its message in <#\d+>/),
    });
    await expect(
      createTournament(t.ctx, demoGuildId, actor, { name: " ", size: 8, channelId: events }),
    ).rejects.toMatchObject({ statusCode: 400, field: "name" });
    await expect(
      createTournament(t.ctx, demoGuildId, actor, { name: "x", size: 6, channelId: events }),
    ).rejects.toMatchObject({ statusCode: 400, field: "size" });
  });

  it("signs up and withdraws until the start, within the size, once each", async () => {
    await create(4);
    await signUp(4);
    await expect(
      joinTournament(t.ctx, demoGuildId, { userId: members[10] as string, name: "Late" }),
    ).rejects.toMatchObject({ statusCode: 409, message: expect.stringContaining("full (4/4") });
    await expect(
      joinTournament(t.ctx, demoGuildId, { userId: members[0] as string, name: "Again" }),
    ).rejects.toMatchObject({ statusCode: 409 });
    expect(await leaveTournament(t.ctx, demoGuildId, members[3] as string)).toMatchObject({ players: 3 });
    await expect(leaveTournament(t.ctx, demoGuildId, members[3] as string)).rejects.toMatchObject({
      statusCode: 409,
    });
    // The sign-up message was redrawn with the players.
    const edits = await outbox("message.edit");
    expect(edits.at(-1)?.message.embeds?.[0]?.fields?.[0]?.name).toBe("Players (3)");
    await startTournament(t.ctx, demoGuildId, actor);
    await expect(leaveTournament(t.ctx, demoGuildId, members[0] as string)).rejects.toMatchObject({
      statusCode: 409,
    });
    await expect(
      joinTournament(t.ctx, demoGuildId, { userId: members[5] as string, name: "Late" }),
    ).rejects.toMatchObject({ statusCode: 409, message: expect.stringContaining("closed") });
  });

  it("redraws the sign-up message a couple of times for a burst of sign-ups, ending with every player", async () => {
    await create(16);
    const before = (await outbox("message.edit")).length;
    await Promise.all(
      members
        .slice(0, 12)
        .map((userId, index) => joinTournament(t.ctx, demoGuildId, { userId, name: `P${index}` })),
    );
    const edits = (await outbox("message.edit")).slice(before);
    expect(edits.length).toBeLessThan(12);
    expect(edits.at(-1)?.message.embeds?.[0]?.fields?.[0]?.name).toBe("Players (12)");
  });

  it("needs two players to start", async () => {
    await create(4);
    await signUp(1);
    await expect(startTournament(t.ctx, demoGuildId, actor)).rejects.toMatchObject({
      statusCode: 409,
      message: expect.stringContaining("at least 2"),
    });
  });

  it("plays a four-player tournament to its champion, announcing every result", async () => {
    await create(4);
    await signUp(4);
    const { matches } = await startTournament(t.ctx, demoGuildId, actor);
    expect(matches.map((m) => [m.number, m.round])).toEqual([
      [1, 1],
      [2, 1],
      [3, 2],
    ]);
    const seeded = new Set(matches.filter((m) => m.round === 1).flatMap((m) => [m.player1, m.player2]));
    expect(seeded).toEqual(new Set(members.slice(0, 4)));
    const start = (await outbox("message.send")).at(-1);
    expect(start?.message.content).toContain("has started with 4 players");
    expect(start?.message.allowedMentions).toEqual({ users: expect.arrayContaining(members.slice(0, 4)) });

    const [m1, m2] = matches as [(typeof matches)[0], (typeof matches)[0]];
    await expect(
      reportMatch(t.ctx, demoGuildId, actor, { match: 3, winnerId: m1.player1 as string }),
    ).rejects.toMatchObject({ statusCode: 409, field: "match" });
    await expect(
      reportMatch(t.ctx, demoGuildId, actor, { match: 1, winnerId: m2.player1 as string }),
    ).rejects.toMatchObject({ statusCode: 400, field: "winner" });
    const first = await reportMatch(t.ctx, demoGuildId, actor, { match: 1, winnerId: m1.player2 as string });
    expect(first).toMatchObject({ champion: null, corrected: false, next: { number: 3 } });
    expect((await outbox("message.send")).at(-1)?.message.content).toBe(
      `✅ **Match 1** (Semi-finals): <@${m1.player2}> beat <@${m1.player1}>. They wait for the winner of match 2 in **match 3** (Final).`,
    );
    await reportMatch(t.ctx, demoGuildId, actor, { match: 2, winnerId: m2.player1 as string });
    expect((await outbox("message.send")).at(-1)?.message.content).toContain(
      `Next: <@${m2.player1}> vs <@${m1.player2}> in **match 3** (Final).`,
    );
    const final = await reportMatch(t.ctx, demoGuildId, actor, { match: 3, winnerId: m2.player1 as string });
    expect(final.champion).toBe(m2.player1);
    expect(final.tournament.status).toBe("finished");
    expect((await outbox("message.send")).at(-1)?.message.content).toMatch(
      new RegExp(`^🏆 <@${m2.player1}> wins \\*\\*Summer Cup\\*\\*`),
    );
    // Finished: a new tournament may be created.
    await expect(create(4, "Next Cup")).resolves.toMatchObject({ status: "signup" });
  });

  it("corrects a result until the winner's next match is played", async () => {
    await create(4);
    await signUp(4);
    const { matches } = await startTournament(t.ctx, demoGuildId, actor);
    const [m1, m2] = matches as [(typeof matches)[0], (typeof matches)[0]];
    await reportMatch(t.ctx, demoGuildId, actor, { match: 1, winnerId: m1.player1 as string });
    const fix = await reportMatch(t.ctx, demoGuildId, actor, { match: 1, winnerId: m1.player2 as string });
    expect(fix.corrected).toBe(true);
    await reportMatch(t.ctx, demoGuildId, actor, { match: 2, winnerId: m2.player1 as string });
    expect((await tournamentView(t.ctx, demoGuildId))?.matches[2]).toMatchObject({
      player1: m1.player2,
      player2: m2.player1,
    });
    await reportMatch(t.ctx, demoGuildId, actor, { match: 3, winnerId: m1.player2 as string });
    await expect(
      reportMatch(t.ctx, demoGuildId, actor, { match: 1, winnerId: m1.player1 as string }),
    ).rejects.toMatchObject({ statusCode: 404 });
  });

  it.each([
    [3, 1],
    [5, 3],
  ])("gives byes with %i players (%i byes) and plays out", async (count, byes) => {
    await create(8);
    await signUp(count);
    const { matches } = await startTournament(t.ctx, demoGuildId, actor);
    expect(matches.filter((m) => m.bye)).toHaveLength(byes);
    for (let guard = 0; guard < 10; guard++) {
      const [next] = await playable();
      if (!next) break;
      await reportMatch(t.ctx, demoGuildId, actor, { match: next.number, winnerId: next.player1 as string });
    }
    const view = await tournamentView(t.ctx, demoGuildId);
    expect(view?.tournament.status).toBe("finished");
    const detail = await tournamentDetail(t.ctx, demoGuildId, view?.tournament.id ?? 0);
    expect(detail.champion?.userId).toBe(view?.tournament.championId);
    expect(detail.players.filter((p) => p.alive)).toHaveLength(1);
    expect(detail.rounds.map((r) => r.name)).toEqual(
      count === 3 ? ["Semi-finals", "Final"] : ["Quarter-finals", "Semi-finals", "Final"],
    );
  });

  it("seeds 64 players into 63 matches and keeps every bracket page within Discord's limits", async () => {
    await create(64);
    await signUp(64);
    const { tournament, matches } = await startTournament(t.ctx, demoGuildId, actor);
    expect(matches).toHaveLength(63);
    expect(matches.filter((m) => m.bye)).toHaveLength(0);
    const view = await tournamentView(t.ctx, demoGuildId);
    const players = (view?.players ?? []).map((p) => ({ ...p, name: "W".repeat(32) }));
    for (const round of [0, 1, 2, 3, 4, 5, 6]) {
      const message = bracketMessage(t.ctx.config, tournament, players, matches, round);
      const embed = message.embeds?.[0];
      expect(embed?.description?.length).toBeLessThanOrEqual(4096);
      const total =
        (embed?.title?.length ?? 0) + (embed?.description?.length ?? 0) + (embed?.footer?.text.length ?? 0);
      expect(total).toBeLessThanOrEqual(6000);
    }
    // Round pages: the first shows the 32 first-round matches, with ◀ ▶ buttons.
    const page = bracketMessage(t.ctx.config, tournament, players, matches, 1);
    expect(page.embeds?.[0]?.description?.match(/^#\d+ /gm)).toHaveLength(32);
    expect(page.components?.[0]?.map((b) => ("customId" in b ? b.customId : ""))).toEqual([
      `tournament:round:${tournament.id}:0`,
      `tournament:round:${tournament.id}:2`,
    ]);
    // The start announcement stays within 2000 characters.
    expect((await outbox("message.send")).at(-1)?.message.content?.length).toBeLessThanOrEqual(2000);
  });

  it("draws small brackets as a tree from the final down", () => {
    const matches = buildBracket(["a", "b", "c"]);
    const names = new Map([
      ["a", "Alex"],
      ["b", "Sam"],
      ["c", "Kim"],
    ]);
    const message = bracketMessage(
      t.ctx.config,
      {
        id: 1,
        serverId: demoGuildId,
        serverName: "x",
        channelId: events,
        messageId: null,
        name: "Cup",
        size: 4,
        status: "running",
        hostId: demoOwnerId,
        championId: null,
        createdAt: 0,
        startedAt: 0,
        finishedAt: null,
      },
      [...names].map(([userId, name]) => ({ userId, name, joinedAt: 0, seed: null })),
      matches,
    );
    expect(message.embeds?.[0]?.description).toBe(
      [
        "```",
        "Final #3 Alex vs winner of #2",
        "├─ Semi-finals #1 Alex — bye",
        "└─ Semi-finals #2 Sam vs Kim",
        "```",
      ].join("\n"),
    );
    expect(message.components).toEqual([]);
  });

  it("staff can cancel; the message loses its buttons", async () => {
    const created = await create(4);
    await signUp(2);
    await cancelTournament(t.ctx, demoGuildId, actor, created.id);
    const edit = (await outbox("message.edit")).at(-1);
    expect(edit?.message.components).toEqual([]);
    expect(edit?.message.embeds?.[0]?.description).toContain("cancelled");
    await expect(
      joinTournament(t.ctx, demoGuildId, { userId: members[9] as string, name: "x" }),
    ).rejects.toMatchObject({
      statusCode: 404,
    });
  });

  it("answers 404 for a tournament of another server or an unknown id", async () => {
    const created = await create(4);
    await expect(tournamentDetail(t.ctx, "111111111111111111", created.id)).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(tournamentDetail(t.ctx, demoGuildId, created.id + 100)).rejects.toMatchObject({
      statusCode: 404,
    });
  });
});
