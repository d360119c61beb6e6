import { botMessagePreview, tournamentDetail, tournamentOverview } from "@hearth/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEventRoutesApp } from "../../../test/fixtures/event-routes.ts";
import { createTestApp, demoGuildId, type TestApp } from "../../../test/helpers.ts";
import { demoMembers } from "../../discord/sandbox/demo-seed.ts";
import { demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { createTournament, joinTournament, reportMatch, startTournament } from "./service.ts";

const actor = { tokenId: null, userId: demoOwnerId };

describe("GET /api/tournaments/:serverId/:tournamentId", () => {
  let t: TestApp;
  let id: number;
  let players: string[];

  beforeAll(async () => {
    t = await createTestApp();
    const events = (await t.ctx.discord.listChannels(demoGuildId)).find((c) => c.name === "events")?.id ?? "";
    players = await demoMembers(t.ctx.storage.db, 3);
    ({ id } = await createTournament(t.ctx, demoGuildId, actor, {
      name: "Pub Cup",
      size: 4,
      channelId: events,
    }));
    for (const [index, userId] of players.entries()) {
      await joinTournament(t.ctx, demoGuildId, { userId, name: `Player ${index + 1}` });
    }
    const { matches } = await startTournament(t.ctx, demoGuildId, actor);
    const played = matches.find((m) => !m.bye && m.round === 1);
    await reportMatch(t.ctx, demoGuildId, actor, {
      match: played?.number ?? 0,
      winnerId: played?.player1 ?? "",
    });
  });
  afterAll(() => t.cleanup());

  it("answers the bracket without a token, matching the shared schema", async () => {
    const res = await t.app.inject({ method: "GET", url: `/api/tournaments/${demoGuildId}/${id}` });
    expect(res.statusCode).toBe(200);
    const body = tournamentDetail.parse(res.json());
    expect(body).toMatchObject({ id, serverId: demoGuildId, name: "Pub Cup", status: "running", size: 4 });
    expect(body.players.map((p) => p.seed).sort()).toEqual([1, 2, 3]);
    expect(body.rounds.map((r) => [r.name, r.matches.length])).toEqual([
      ["Semi-finals", 2],
      ["Final", 1],
    ]);
    expect(body.rounds[0]?.matches.filter((m) => m.bye)).toHaveLength(1);
    expect(body.rounds[1]?.matches[0]?.player1).not.toBeNull();
    expect(body.rounds[1]?.matches[0]?.player2).not.toBeNull();
  });

  it("answers 404 for an unknown tournament or another server's id, 400 for a malformed id", async () => {
    const missing = await t.app.inject({ method: "GET", url: `/api/tournaments/${demoGuildId}/${id + 50}` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    const other = await t.app.inject({ method: "GET", url: `/api/tournaments/111111111111111111/${id}` });
    expect(other.statusCode).toBe(404);
    const bad = await t.app.inject({ method: "GET", url: `/api/tournaments/${demoGuildId}/abc` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: "tournamentId" });
  });

  it("is in the OpenAPI document", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(Object.keys(res.json().paths)).toContain("/api/tournaments/{serverId}/{tournamentId}");
  });
});

describe("the Events page's tournament routes", () => {
  let app: Awaited<ReturnType<typeof startEventRoutesApp>>;
  beforeAll(async () => {
    app = await startEventRoutesApp();
  });
  afterAll(() => app.t.cleanup());
  const base = `/api/tournaments/${demoGuildId}`;

  it("previews, creates (posted, audited), starts, reports to a champion", async () => {
    expect((await app.call("GET", base)).json()).toEqual({ tournament: null });
    const preview = await app.call("POST", `${base}/preview`, { name: "Pub  Cup", size: 4 });
    expect(preview.statusCode).toBe(200);
    expect(botMessagePreview.parse(preview.json()).embeds[0]?.title).toBe("🏆 Pub Cup");
    const badSize = await app.call("POST", base, { name: "Cup", size: 5, channelId: app.events });
    expect(badSize.statusCode).toBe(400);
    expect(badSize.json().field).toBe("size");
    const asManager = await app.call(
      "POST",
      base,
      { name: "Cup", size: 4, channelId: app.events },
      app.manager,
    );
    expect(asManager.statusCode).toBe(403);

    const created = await app.call("POST", base, { name: "Pub Cup", size: 4, channelId: app.events });
    expect(created.statusCode).toBe(201);
    const id = tournamentOverview.parse(created.json()).tournament?.id ?? 0;
    expect((await app.posted(app.events)).at(-1)?.embeds[0]?.title).toBe("🏆 Pub Cup");
    expect((await app.call("POST", base, { name: "Two", size: 4, channelId: app.events })).statusCode).toBe(
      409,
    );
    expect((await app.call("POST", `${base}/start`)).statusCode).toBe(409);

    for (const [index, userId] of app.members.slice(0, 4).entries()) {
      await joinTournament(app.t.ctx, demoGuildId, { userId, name: `Player ${index + 1}` });
    }
    const started = tournamentOverview.parse((await app.call("POST", `${base}/start`)).json()).tournament;
    expect(started).toMatchObject({ id, status: "running", channelId: app.events });
    expect(started?.rounds.map((round) => round.name)).toEqual(["Semi-finals", "Final"]);

    const notPlaying = await app.call("POST", `${base}/report`, { match: 1, winnerId: app.members[10] });
    expect(notPlaying.statusCode).toBe(400);
    expect(notPlaying.json().field).toBe("winnerId");
    for (const match of started?.rounds[0]?.matches ?? []) {
      const res = await app.call("POST", `${base}/report`, {
        match: match.number,
        winnerId: match.player1?.userId,
      });
      expect(res.statusCode).toBe(200);
    }
    const final = tournamentOverview.parse((await app.call("GET", base, undefined, app.manager)).json());
    const finalMatch = final.tournament?.rounds[1]?.matches[0];
    const done = await app.call("POST", `${base}/report`, {
      match: finalMatch?.number,
      winnerId: finalMatch?.player2?.userId,
    });
    expect(tournamentOverview.parse(done.json()).tournament).toMatchObject({
      status: "finished",
      champion: { userId: finalMatch?.player2?.userId },
    });
    expect((await app.call("POST", `${base}/cancel`, { tournamentId: id })).statusCode).toBe(409);
  });

  it("cancels the open tournament; another server's token gets 403", async () => {
    const created = await app.call("POST", base, { name: "Late Cup", size: 8, channelId: app.events });
    const id = created.json().tournament.id;
    expect((await app.call("POST", `${base}/cancel`, { tournamentId: id }, app.foreign)).statusCode).toBe(
      403,
    );
    const cancelled = await app.call("POST", `${base}/cancel`, { tournamentId: id });
    expect(cancelled.json().tournament).toMatchObject({ id, status: "cancelled" });
    expect((await app.call("GET", base, undefined, app.foreign)).statusCode).toBe(403);
  });
});
