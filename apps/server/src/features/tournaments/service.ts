import { randomInt } from "node:crypto";
import { tournamentLimits, tournamentRoundName } from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { transactionForServer } from "../../db/locks.ts";
import { requireTextChannel } from "../../discord/port/validate.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";
import { withEventsPing } from "../events-ping/service.ts";
import { announceResult, announceStart, refreshSignup } from "./announce.ts";
import {
  type BracketMatch,
  buildBracket,
  nextMatch,
  type ReportProblem,
  reportResult,
  shuffle,
} from "./bracket.ts";
import { signupMessage } from "./messages.ts";
import * as store from "./store.ts";

export { tournamentDetail, tournamentView } from "./queries.ts";
export type { Player, StoredMatch, Tournament } from "./store.ts";

type Deps = Pick<AppContext, "storage" | "discord" | "jobs" | "logger" | "config">;
type Actor = AuditActor & { userId: string };

const scope = "tournaments";
const noneOpen = () =>
  notFound("There's no tournament in this server right now. Staff can create one with `/tournament create`.");

export interface CreateTournamentInput {
  name: string;
  size: number;
  channelId: string;
}

/** Opens sign-ups: stores the tournament (one open or running per server) and posts its sign-up message. */
export async function createTournament(
  ctx: Deps,
  serverId: string,
  actor: Actor,
  input: CreateTournamentInput,
  now = Date.now(),
): Promise<store.Tournament> {
  const name = input.name.replace(/\s+/g, " ").trim();
  if (name.length === 0 || name.length > tournamentLimits.nameMaxLength) {
    throw badRequest(`name must be 1 to ${tournamentLimits.nameMaxLength} characters.`, "name");
  }
  if (!(tournamentLimits.sizes as readonly number[]).includes(input.size)) {
    throw badRequest(`size must be one of ${tournamentLimits.sizes.join(", ")}.`, "size");
  }
  await requireTextChannel(ctx, serverId, input.channelId, "channel");
  const guild = await ctx.discord.getGuild(serverId).catch(() => null);
  const tournament = await transactionForServer(ctx.storage, serverId, scope, async (trx) => {
    const active = await store.findActive(trx, serverId);
    if (active) {
      throw conflict(
        `**${active.name}** is still ${active.status === "signup" ? "taking sign-ups" : "being played"}: finish it, or cancel it with **Cancel (staff)** on its message in <#${active.channelId}>, before creating another.`,
      );
    }
    const created = await store.insertTournament(trx, {
      server_id: serverId,
      server_name: guild?.name ?? "Unknown server",
      channel_id: input.channelId,
      message_id: null,
      name,
      size: input.size,
      status: "signup",
      host_id: actor.userId,
      champion_id: null,
      created_at: now,
      started_at: null,
      finished_at: null,
    });
    await recordAudit(trx, serverId, actor, "tournament.create", { id: created.id, name, size: input.size });
    return created;
  });
  try {
    const message = await withEventsPing(ctx, serverId, signupMessage(ctx.config, tournament, []));
    const sent = await ctx.discord.sendMessage(input.channelId, message);
    await store.setMessageId(ctx.storage.db, tournament.id, sent.id);
    return { ...tournament, messageId: sent.id };
  } catch (error) {
    // Without its sign-up message no one could join: undo, and say why.
    await store.changeStatus(ctx.storage.db, tournament.id, ["signup"], "cancelled");
    throw error;
  }
}

async function activeFor(
  trx: Parameters<typeof store.findActive>[0],
  ctx: Deps,
  serverId: string,
  id?: number,
) {
  const active = await store.findActive(trx, serverId, { dialect: ctx.storage.dialect, lock: true });
  if (!active || (id !== undefined && active.id !== id)) {
    throw id === undefined ? noneOpen() : conflict("This tournament is over or was cancelled.");
  }
  return active;
}

/** Signs a member up (button or command) while sign-ups are open and there's room. */
export async function joinTournament(
  ctx: Deps,
  serverId: string,
  player: { userId: string; name: string },
  options: { tournamentId?: number; now?: number } = {},
): Promise<{ tournament: store.Tournament; players: number }> {
  const now = options.now ?? Date.now();
  const result = await transactionForServer(ctx.storage, serverId, scope, async (trx) => {
    const t = await activeFor(trx, ctx, serverId, options.tournamentId);
    if (t.status !== "signup") throw conflict(`Sign-ups for **${t.name}** are closed: it has started.`);
    const count = await store.countPlayers(trx, t.id);
    if (count >= t.size) throw conflict(`**${t.name}** is full (${t.size}/${t.size} players).`);
    if (!(await store.addPlayer(trx, t.id, { userId: player.userId, name: player.name, joinedAt: now }))) {
      throw conflict(`You're already signed up for **${t.name}**.`);
    }
    return { tournament: t, players: count + 1 };
  });
  await refreshSignup(ctx, result.tournament);
  return result;
}

/** Withdraws a member before the start. */
export async function leaveTournament(
  ctx: Deps,
  serverId: string,
  userId: string,
  options: { tournamentId?: number } = {},
): Promise<{ tournament: store.Tournament; players: number }> {
  const result = await transactionForServer(ctx.storage, serverId, scope, async (trx) => {
    const t = await activeFor(trx, ctx, serverId, options.tournamentId);
    if (t.status !== "signup") {
      throw conflict(
        `**${t.name}** has started, so you can't withdraw now. If you can't play, tell the staff.`,
      );
    }
    if (!(await store.removePlayer(trx, t.id, userId)))
      throw conflict(`You aren't signed up for **${t.name}**.`);
    return { tournament: t, players: await store.countPlayers(trx, t.id) };
  });
  await refreshSignup(ctx, result.tournament);
  return result;
}

/** Closes sign-ups, seeds the players with a secure shuffle and draws the bracket (byes to the top seeds). */
export async function startTournament(
  ctx: Deps,
  serverId: string,
  actor: Actor,
  now = Date.now(),
): Promise<{ tournament: store.Tournament; matches: BracketMatch[] }> {
  const result = await transactionForServer(ctx.storage, serverId, scope, async (trx) => {
    const t = await activeFor(trx, ctx, serverId);
    if (t.status !== "signup") throw conflict(`**${t.name}** has already started.`);
    const players = await store.listPlayers(trx, t.id);
    if (players.length < tournamentLimits.minPlayers) {
      throw conflict(`**${t.name}** needs at least 2 players to start (it has ${players.length}).`);
    }
    const seeded = shuffle(
      players.map((p) => p.userId),
      (max) => randomInt(max),
    );
    for (const [index, userId] of seeded.entries()) await store.setSeed(trx, t.id, userId, index + 1);
    const matches = buildBracket(seeded);
    await store.insertMatches(trx, t.id, matches);
    if (!(await store.changeStatus(trx, t.id, ["signup"], "running", { started_at: now }))) {
      throw conflict(`**${t.name}** has already started.`);
    }
    await recordAudit(trx, serverId, actor, "tournament.start", { id: t.id, players: players.length });
    return { tournament: { ...t, status: "running" as const, startedAt: now }, matches };
  });
  await refreshSignup(ctx, result.tournament);
  await announceStart(ctx, result.tournament, result.matches);
  return result;
}

const problemText: Record<ReportProblem, (n: number) => string> = {
  "no-such-match": (n) => `There's no match ${n} in this bracket: see \`/tournament bracket\`.`,
  bye: (n) => `Match ${n} is a bye: its player moved on without playing.`,
  "waiting-for-players": (n) => `Match ${n} can't be played yet: it waits for the results before it.`,
  "not-in-match": (n) => `That member isn't playing in match ${n}.`,
  "already-reported": (n) => `That result is already recorded for match ${n}.`,
  "next-match-played": (n) =>
    `Match ${n}'s winner has already played their next match, so this result can't be changed any more.`,
};

/**
 * Staff record a result: the winner moves on; a different winner for a decided match corrects it
 * while their next match has no result. The final's result crowns the champion.
 */
export async function reportMatch(
  ctx: Deps,
  serverId: string,
  actor: Actor,
  input: { match: number; winnerId: string },
  now = Date.now(),
): Promise<{
  tournament: store.Tournament;
  match: BracketMatch;
  next: BracketMatch | null;
  champion: string | null;
  corrected: boolean;
}> {
  const result = await transactionForServer(ctx.storage, serverId, scope, async (trx) => {
    const t = await activeFor(trx, ctx, serverId);
    if (t.status !== "running")
      throw conflict(`**${t.name}** hasn't started yet: staff start it with \`/tournament start\`.`);
    const matches = await store.listMatches(trx, t.id);
    const corrected = matches.find((m) => m.number === input.match)?.winner != null;
    const outcome = reportResult(matches, input.match, input.winnerId);
    if ("problem" in outcome) {
      throw (
        outcome.problem === "not-in-match" || outcome.problem === "no-such-match" ? badRequest : conflict
      )(problemText[outcome.problem](input.match), outcome.problem === "not-in-match" ? "winner" : "match");
    }
    const [match, next] = outcome.changed as [BracketMatch, BracketMatch | undefined];
    await store.updateMatch(trx, t.id, match, { by: actor.userId, at: now });
    if (next) await store.updateMatch(trx, t.id, next, null);
    let tournament = t;
    if (outcome.champion) {
      await store.changeStatus(trx, t.id, ["running"], "finished", {
        finished_at: now,
        champion_id: outcome.champion,
      });
      tournament = { ...t, status: "finished", finishedAt: now, championId: outcome.champion };
    }
    await recordAudit(trx, serverId, actor, "tournament.report", {
      id: t.id,
      match: input.match,
      winner: input.winnerId,
      corrected,
    });
    return {
      tournament,
      match,
      next: next ?? nextMatch(matches, match),
      champion: outcome.champion,
      corrected,
      matches,
    };
  });
  await announceResult(ctx, result.tournament, result.match, result.matches);
  if (result.champion) await refreshSignup(ctx, result.tournament);
  const { matches: _all, ...answer } = result;
  return answer;
}

/** Staff cancel the open or running tournament (the sign-up message's Cancel button). */
export async function cancelTournament(
  ctx: Deps,
  serverId: string,
  actor: Actor,
  tournamentId: number,
): Promise<store.Tournament> {
  const t = await transactionForServer(ctx.storage, serverId, scope, async (trx) => {
    const active = await activeFor(trx, ctx, serverId, tournamentId);
    await store.changeStatus(trx, active.id, ["signup", "running"], "cancelled");
    await recordAudit(trx, serverId, actor, "tournament.cancel", { id: active.id, name: active.name });
    return { ...active, status: "cancelled" as const };
  });
  await refreshSignup(ctx, t);
  return t;
}

export const roundNameOf = (match: BracketMatch, matches: readonly BracketMatch[]) =>
  tournamentRoundName(match.round, Math.max(...matches.map((m) => m.round)));
