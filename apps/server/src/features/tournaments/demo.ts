import type { AppContext } from "../../context.ts";
import { displayName } from "../../discord/people/display-name.ts";
import { demoMembers } from "../../discord/sandbox/demo-seed.ts";
import { demoGuildId, demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { playableMatches } from "./bracket.ts";
import { createTournament, joinTournament, reportMatch, startTournament, tournamentView } from "./service.ts";

const actor = { tokenId: null, userId: demoOwnerId };

/** Plays `count` of the playable matches (all when omitted), the first-listed player winning. */
async function play(ctx: AppContext, count = Number.POSITIVE_INFINITY): Promise<void> {
  for (let played = 0; played < count; played++) {
    const view = await tournamentView(ctx, demoGuildId);
    const [match] = view ? playableMatches(view.matches) : [];
    if (!match?.player1 || view?.tournament.status !== "running") return;
    await reportMatch(ctx, demoGuildId, actor, { match: match.number, winnerId: match.player1 });
  }
}

/**
 * Ember Hollow's tournaments in #events, through the same services as the commands: "Autumn Cup"
 * (8 players, played to its champion) and "Winter Brawl" (6 players, two byes, under way).
 */
export async function seedDemo(ctx: AppContext): Promise<void> {
  if (await tournamentView(ctx, demoGuildId)) return;
  const events = (await ctx.discord.listChannels(demoGuildId)).find(
    (c) => c.name === "events" && c.type === 0,
  );
  if (!events) return;
  const members = await demoMembers(ctx.storage.db, 14);
  const signUp = async (userIds: string[]) => {
    for (const userId of userIds) {
      const member = await ctx.discord.getMember(demoGuildId, userId);
      const name = member ? displayName(member.user, member.nick) : userId;
      await joinTournament(ctx, demoGuildId, { userId, name });
    }
  };

  await createTournament(ctx, demoGuildId, actor, { name: "Autumn Cup", size: 8, channelId: events.id });
  await signUp(members.slice(0, 8));
  await startTournament(ctx, demoGuildId, actor);
  await play(ctx);

  await createTournament(ctx, demoGuildId, actor, { name: "Winter Brawl", size: 8, channelId: events.id });
  await signUp(members.slice(8, 14));
  await startTournament(ctx, demoGuildId, actor);
  await play(ctx, 2);
}
