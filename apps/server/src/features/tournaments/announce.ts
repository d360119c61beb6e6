import { tournamentRoundName } from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { type BracketMatch, nextMatch, playableMatches } from "./bracket.ts";
import { bracketMessage, signupMessage, tournamentUrl } from "./messages.ts";
import * as store from "./store.ts";

type Deps = Pick<AppContext, "storage" | "discord" | "logger" | "config">;

const contentMax = 2000;

/** Lines joined until the content limit, then how many were left out. */
function fit(header: string, lines: string[], more: (left: number) => string): string {
  let text = header;
  for (const [index, line] of lines.entries()) {
    const tail = more(lines.length - index);
    if (text.length + line.length + 1 + tail.length + 1 > contentMax) return `${text}\n${tail}`;
    text += `\n${line}`;
  }
  return text;
}

/** Redraws in flight per tournament; a change during one asks for one more redraw after it. */
const redraws = new Map<number, { again: boolean; done: Promise<void> }>();

/**
 * Redraws the sign-up message (players, status, buttons); resolves once a redraw that started after
 * the call has finished. A burst of sign-ups costs a couple of edits, not one each (Discord limits
 * message edits per channel). A failure costs only the redraw.
 */
export function refreshSignup(ctx: Deps, t: store.Tournament): Promise<void> {
  const current = redraws.get(t.id);
  if (current) {
    current.again = true;
    return current.done;
  }
  const state = { again: false, done: Promise.resolve() };
  state.done = (async () => {
    try {
      do {
        state.again = false;
        await redraw(ctx, t);
      } while (state.again);
    } finally {
      redraws.delete(t.id);
    }
  })();
  redraws.set(t.id, state);
  return state.done;
}

async function redraw(ctx: Deps, t: store.Tournament): Promise<void> {
  const fresh = (await store.findTournament(ctx.storage.db, t.serverId, t.id)) ?? t;
  if (!fresh.messageId) return;
  try {
    const players = await store.listPlayers(ctx.storage.db, t.id);
    await ctx.discord.editMessage(
      fresh.channelId,
      fresh.messageId,
      signupMessage(ctx.config, fresh, players),
    );
  } catch (error) {
    ctx.logger.warn({ err: error, tournamentId: t.id }, "could not update a tournament's sign-up message");
  }
}

/** Posts the first round: who plays whom (those players pinged), the byes, and the bracket. */
export async function announceStart(ctx: Deps, t: store.Tournament, matches: readonly BracketMatch[]) {
  const players = await store.listPlayers(ctx.storage.db, t.id);
  const playable = playableMatches(matches);
  const byes = matches.filter((m) => m.bye && m.winner).map((m) => `<@${m.winner}>`);
  const lines = playable.map((m) => `**Match ${m.number}:** <@${m.player1}> vs <@${m.player2}>`);
  if (byes.length > 0) lines.push(`**Byes** (straight to round 2): ${byes.join(", ")}`);
  const content = fit(
    `🏁 **${t.name}** has started with ${players.length} players, seeded at random! Play your match and tell the staff who won.`,
    lines,
    (left) => `…and ${left} more: see \`/tournament bracket\`.`,
  );
  const bracket = bracketMessage(ctx.config, t, players, matches);
  const pinged = [
    ...new Set(playable.flatMap((m) => [m.player1, m.player2]).filter((id): id is string => !!id)),
  ];
  try {
    await ctx.discord.sendMessage(t.channelId, {
      content,
      embeds: bracket.embeds ?? [],
      components: bracket.components ?? [],
      allowedMentions: { users: pinged.slice(0, 100) },
    });
  } catch (error) {
    ctx.logger.warn({ err: error, tournamentId: t.id }, "could not announce a tournament's start");
  }
}

/** Posts a result in the tournament's channel: who won, who they meet next, or the champion. */
export async function announceResult(
  ctx: Deps,
  t: store.Tournament,
  match: BracketMatch,
  matches: readonly BracketMatch[],
): Promise<void> {
  const rounds = Math.max(...matches.map((m) => m.round));
  const winner = match.winner as string;
  const loser = match.player1 === winner ? match.player2 : match.player1;
  const round = tournamentRoundName(match.round, rounds);
  const pinged = [winner];
  let text = `✅ **Match ${match.number}** (${round}): <@${winner}> beat <@${loser}>.`;
  const next = nextMatch(matches, match);
  if (t.status === "finished") {
    text = `🏆 <@${winner}> wins **${t.name}**, beating <@${loser}> in the final! Congratulations!\nFull bracket: ${tournamentUrl(ctx.config, t)}`;
  } else if (next) {
    const opponent = next.player1 === winner ? next.player2 : next.player1;
    const nextRound = tournamentRoundName(next.round, rounds);
    if (opponent) {
      pinged.push(opponent);
      text += ` Next: <@${winner}> vs <@${opponent}> in **match ${next.number}** (${nextRound}).`;
    } else {
      const feeder = matches.find(
        (m) =>
          m.round === match.round &&
          m.position === (match.position % 2 === 0 ? match.position + 1 : match.position - 1),
      );
      text += ` They wait for the winner of match ${feeder?.number ?? "?"} in **match ${next.number}** (${nextRound}).`;
    }
  }
  try {
    await ctx.discord.sendMessage(t.channelId, {
      content: text.slice(0, contentMax),
      allowedMentions: { users: pinged },
    });
  } catch (error) {
    ctx.logger.warn({ err: error, tournamentId: t.id }, "could not announce a tournament result");
  }
}
