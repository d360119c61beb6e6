import type { Bot } from "../../bot/bot.ts";
import { checkCommandAccess } from "../../bot/commands/permissions.ts";
import type { AppContext } from "../../context.ts";
import { displayName } from "../../discord/people/display-name.ts";
import type { ButtonInteraction, InteractionMember } from "../../discord/port/interaction.ts";
import { AppError, badRequest, forbidden, notFound } from "../../lib/errors.ts";
import { getSetup } from "../setup/service.ts";
import {
  bracketMessage,
  cancelConfirmPrefix,
  cancelPrefix,
  joinPrefix,
  leavePrefix,
  markdownName,
  roundPrefix,
} from "./messages.ts";
import { cancelTournament, joinTournament, leaveTournament, tournamentView } from "./service.ts";

const outsideServer = "Tournaments work only inside their server.";

function idAfter(prefix: string, customId: string): number {
  const id = Number(customId.slice(prefix.length).split(":")[0]);
  if (!Number.isInteger(id) || id <= 0)
    throw badRequest("This button is broken; use the /tournament commands instead.");
  return id;
}

async function onJoin(ctx: AppContext, interaction: ButtonInteraction): Promise<void> {
  const { guildId, member, customId, user } = interaction.data;
  if (!guildId || !member) throw badRequest(outsideServer);
  const { tournament, players } = await joinTournament(
    ctx,
    guildId,
    { userId: user.id, name: displayName(user, member.nick) },
    { tournamentId: idAfter(joinPrefix, customId) },
  );
  await interaction.reply(
    `✅ You're signed up for **${markdownName(tournament.name)}** (${players}/${tournament.size} players). Good luck!`,
    { ephemeral: true },
  );
}

async function onLeave(ctx: AppContext, interaction: ButtonInteraction): Promise<void> {
  const { guildId, customId, user } = interaction.data;
  if (!guildId) throw badRequest(outsideServer);
  const { tournament } = await leaveTournament(ctx, guildId, user.id, {
    tournamentId: idAfter(leavePrefix, customId),
  });
  await interaction.reply(`👋 You've withdrawn from **${markdownName(tournament.name)}**.`, {
    ephemeral: true,
  });
}

async function requireStaff(ctx: AppContext, guildId: string, member: InteractionMember): Promise<void> {
  const managerRoleOf = async (serverId: string) => (await getSetup(ctx, serverId)).events.manager;
  try {
    await checkCommandAccess(managerRoleOf, guildId, "tournament start", member, ctx.config.developerIds);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 403) {
      throw forbidden(
        "Only staff can cancel a tournament: you need Manage Server or this server's event manager role.",
      );
    }
    throw error;
  }
}

/** Cancel: the same rule as `/tournament start` (Manage Server or the event manager role), then a confirmation. */
async function onCancel(ctx: AppContext, interaction: ButtonInteraction): Promise<void> {
  const { guildId, member, customId } = interaction.data;
  if (!guildId || !member) throw badRequest(outsideServer);
  await requireStaff(ctx, guildId, member);
  const id = idAfter(cancelPrefix, customId);
  const view = await tournamentView(ctx, guildId, id);
  if (!view) throw notFound("This tournament no longer exists.");
  await interaction.reply(
    {
      content: `Cancel **${markdownName(view.tournament.name)}**? Sign-ups and results stop for good; this can't be undone.`,
      components: [
        [
          {
            type: "button",
            style: "danger",
            label: "Yes, cancel it",
            customId: `${cancelConfirmPrefix}${id}`,
          },
        ],
      ],
    },
    { ephemeral: true },
  );
}

async function onCancelConfirm(ctx: AppContext, interaction: ButtonInteraction): Promise<void> {
  const { guildId, member, customId, user } = interaction.data;
  if (!guildId || !member) throw badRequest(outsideServer);
  await requireStaff(ctx, guildId, member);
  const tournament = await cancelTournament(
    ctx,
    guildId,
    { tokenId: null, userId: user.id },
    idAfter(cancelConfirmPrefix, customId),
  );
  await interaction.update({
    content: `🛑 **${markdownName(tournament.name)}** is cancelled.`,
    components: [],
  });
}

/** Bracket pages: from the sign-up message a private copy; on a bracket message, flips its page. */
async function onRound(ctx: AppContext, interaction: ButtonInteraction): Promise<void> {
  const { guildId, customId, messageId } = interaction.data;
  if (!guildId) throw badRequest(outsideServer);
  const id = idAfter(roundPrefix, customId);
  const round = Number(customId.split(":")[3] ?? 0) || 0;
  const view = await tournamentView(ctx, guildId, id);
  if (!view) throw notFound("This tournament no longer exists.");
  const message = bracketMessage(ctx.config, view.tournament, view.players, view.matches, round);
  if (messageId === view.tournament.messageId) await interaction.reply(message, { ephemeral: true });
  else await interaction.update(message);
}

export function listenForTournamentButtons(bot: Bot, ctx: AppContext): () => void {
  bot.onButton(joinPrefix, (interaction) => onJoin(ctx, interaction));
  bot.onButton(leavePrefix, (interaction) => onLeave(ctx, interaction));
  bot.onButton(cancelPrefix, (interaction) => onCancel(ctx, interaction));
  bot.onButton(cancelConfirmPrefix, (interaction) => onCancelConfirm(ctx, interaction));
  bot.onButton(roundPrefix, (interaction) => onRound(ctx, interaction));
  return () => undefined;
}
