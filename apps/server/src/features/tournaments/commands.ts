import { type CommandContext, defineCommand } from "../../bot/commands/command.ts";
import { displayName } from "../../discord/people/display-name.ts";
import type { InteractionMember } from "../../discord/port/interaction.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import type { BotFeature } from "../feature.ts";
import { listenForTournamentButtons } from "./buttons.ts";
import { bracketMessage, markdownName } from "./messages.ts";
import {
  createTournament,
  joinTournament,
  leaveTournament,
  reportMatch,
  roundNameOf,
  startTournament,
  tournamentView,
} from "./service.ts";

const actorOf = (command: CommandContext) => ({ tokenId: null, userId: command.user.id });

/** The name a player is shown by: server nickname, else display name, else username. */
export const playerName = (member: Pick<InteractionMember, "nick" | "user">) =>
  displayName(member.user, member.nick);

const create = defineCommand("tournament create", async (command) => {
  const { options } = command;
  const channelId = options.id("channel") ?? command.channelId;
  if (!channelId) throw badRequest("Please choose a **channel** for the tournament.", "channel");
  const t = await createTournament(command.ctx, command.serverId, actorOf(command), {
    name: options.requireString("name"),
    size: Number(options.requireString("size")),
    channelId,
  });
  await command.reply(
    `🏆 **${markdownName(t.name)}** is open for sign-ups in <#${t.channelId}> (up to ${t.size} players). When everyone's in, run \`/tournament start\` to seed the bracket.`,
  );
});

const join = defineCommand("tournament join", async (command) => {
  const { tournament, players } = await joinTournament(command.ctx, command.serverId, {
    userId: command.user.id,
    name: playerName(command.member),
  });
  await command.reply(
    `✅ You're signed up for **${markdownName(tournament.name)}** (${players}/${tournament.size} players). Changed your mind? \`/tournament leave\` until it starts.`,
  );
});

const leave = defineCommand("tournament leave", async (command) => {
  const { tournament, players } = await leaveTournament(command.ctx, command.serverId, command.user.id);
  await command.reply(
    `👋 You've withdrawn from **${markdownName(tournament.name)}** (${players}/${tournament.size} players left).`,
  );
});

const start = defineCommand("tournament start", async (command) => {
  const { tournament, matches } = await startTournament(command.ctx, command.serverId, actorOf(command));
  const byes = matches.filter((m) => m.bye).length;
  await command.reply(
    `🏁 **${markdownName(tournament.name)}** has started: the bracket and first matches are posted in <#${tournament.channelId}>${byes > 0 ? ` (${byes} bye${byes === 1 ? "" : "s"} for the top seeds)` : ""}. Record results with \`/tournament report\`.`,
  );
});

const bracket = defineCommand("tournament bracket", async (command) => {
  const view = await tournamentView(command.ctx, command.serverId);
  if (!view)
    throw notFound(
      "There's no tournament in this server yet. Staff can create one with `/tournament create`.",
    );
  await command.reply(bracketMessage(command.ctx.config, view.tournament, view.players, view.matches));
});

const report = defineCommand("tournament report", async (command) => {
  const { options } = command;
  const result = await reportMatch(command.ctx, command.serverId, actorOf(command), {
    match: options.number("match") ?? Number.NaN,
    winnerId: options.requireId("winner"),
  });
  const view = await tournamentView(command.ctx, command.serverId, result.tournament.id);
  const round = view ? roundNameOf(result.match, view.matches) : "";
  const lead = result.corrected ? "✏️ Corrected" : "✅ Recorded";
  const tail = result.champion
    ? ` 🏆 <@${result.champion}> is the champion of **${markdownName(result.tournament.name)}**!`
    : result.next
      ? ` They move on to match ${result.next.number}.`
      : "";
  await command.reply({
    content: `${lead}: <@${options.requireId("winner")}> won match ${result.match.number} (${round}).${tail} Announced in <#${result.tournament.channelId}>.`,
    allowedMentions: {},
  });
});

/** This feature's slash commands and buttons. */
export const tournamentsBot: BotFeature = {
  commands: () => [create, join, leave, start, bracket, report],
  listeners: (bot, ctx) => listenForTournamentButtons(bot, ctx),
};
