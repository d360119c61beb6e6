import { type TournamentDetail, tournamentRoundName } from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { notFound } from "../../lib/errors.ts";
import { alivePlayers } from "./bracket.ts";
import * as store from "./store.ts";

type Deps = Pick<AppContext, "storage">;

/** The server's open or running tournament, else its latest, with players and matches. */
export async function tournamentView(ctx: Deps, serverId: string, tournamentId?: number) {
  const t =
    tournamentId !== undefined
      ? await store.findTournament(ctx.storage.db, serverId, tournamentId)
      : ((await store.findActive(ctx.storage.db, serverId)) ??
        (await store.findLatest(ctx.storage.db, serverId)));
  if (!t) return null;
  const [players, matches] = await Promise.all([
    store.listPlayers(ctx.storage.db, t.id),
    store.listMatches(ctx.storage.db, t.id),
  ]);
  return { tournament: t, players, matches };
}

/** `GET /api/tournaments/{serverId}/{tournamentId}`: the public page's data. */
export async function tournamentDetail(
  ctx: Deps,
  serverId: string,
  tournamentId: number,
): Promise<TournamentDetail> {
  const view = await tournamentView(ctx, serverId, tournamentId);
  if (!view) throw notFound("No tournament with this id in this server");
  const { tournament: t, players, matches } = view;
  const names = new Map(players.map((p) => [p.userId, p.name]));
  const side = (id: string | null) => (id ? { userId: id, name: names.get(id) ?? "Unknown player" } : null);
  const alive = alivePlayers(
    matches,
    players.map((p) => p.userId),
  );
  const rounds = matches.length === 0 ? 0 : Math.max(...matches.map((m) => m.round));
  return {
    id: t.id,
    serverId: t.serverId,
    serverName: t.serverName,
    name: t.name,
    size: t.size,
    status: t.status,
    hostId: t.hostId,
    createdAt: t.createdAt,
    startedAt: t.startedAt,
    finishedAt: t.finishedAt,
    champion: t.championId ? side(t.championId) : null,
    players: players.map((p) => ({
      userId: p.userId,
      name: p.name,
      seed: p.seed,
      alive: alive.has(p.userId),
    })),
    rounds: Array.from({ length: rounds }, (_, index) => ({
      number: index + 1,
      name: tournamentRoundName(index + 1, rounds),
      matches: matches
        .filter((m) => m.round === index + 1)
        .map((m) => ({
          number: m.number,
          round: m.round,
          player1: side(m.player1),
          player2: side(m.player2),
          winnerId: m.winner,
          bye: m.bye,
          reportedAt: m.reportedAt,
        })),
    })),
  };
}
