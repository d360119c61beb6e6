import { tournamentDetail } from "@hearth/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
