import { type CommandContext, defineCommand } from "../../bot/commands/command.ts";
import type { ButtonInteraction } from "../../discord/port/interaction.ts";
import type { Embed, OutgoingMessage } from "../../discord/port/port.ts";
import { badRequest, forbidden } from "../../lib/errors.ts";
import type { BotFeature } from "../feature.ts";
import { listenForDesigns } from "../message-designer/service.ts";
import { voteDesignFlow } from "./design-flow.ts";
import {
  checkVoteSetup,
  configureVotes,
  deleteVoterData,
  getLeaderboard,
  getVoterStats,
  type Leaderboard,
  type VoteSetupInput,
} from "./service.ts";
import { listenForVoteSetup } from "./setup-handlers.ts";
import {
  color,
  encodeSetup,
  instructionsForm,
  plural,
  setupChoiceMessage,
  setupMessage,
} from "./setup-message.ts";

const deletePrefix = "votes:deleteuser:";
const cancelId = "votes:cancel";
const adminBits = (1n << 3n) | (1n << 5n);

const when = (at: number | null) => (at === null ? "never" : `<t:${Math.floor(at / 1000)}:R>`);
const actorOf = (command: { user: { id: string } }) => ({ tokenId: null, userId: command.user.id });

async function statsReply(command: CommandContext): Promise<OutgoingMessage> {
  const userId = command.options.id("user") ?? command.user.id;
  const stats = await getVoterStats(command.ctx, command.serverId, userId);
  const embed: Embed = {
    title: "🗳️ Vote stats",
    color,
    description:
      stats.totalVotes === 0
        ? `<@${userId}> hasn't voted yet.`
        : `<@${userId}>${stats.rank ? ` · rank **#${stats.rank}** all-time` : ""}`,
    fields: [
      { name: "Total votes", value: String(stats.totalVotes), inline: true },
      { name: "This month", value: String(stats.monthlyVotes), inline: true },
      { name: "Current streak", value: plural(stats.currentStreak, "day"), inline: true },
      { name: "Longest streak", value: plural(stats.longestStreak, "day"), inline: true },
      { name: "Last vote", value: when(stats.lastVoteAt), inline: true },
    ],
  };
  return { embeds: [embed], allowedMentions: { users: [] } };
}

function leaderboardMessage(board: Leaderboard): OutgoingMessage {
  const line = (row: Leaderboard["rows"][number]) =>
    `**${row.rank}.** <@${row.userId}> · ${plural(row.votes, "vote")} · last ${when(row.lastVoteAt)}`;
  const lines = board.rows.map(line);
  if (board.caller) lines.push("…", line(board.caller));
  const embed: Embed = {
    title: board.kind === "monthly" ? `🏆 Top voters of ${board.month}` : "🏆 Top voters of all time",
    color,
    description: lines.length > 0 ? lines.join("\n") : "No votes yet. Be the first!",
    footer: { text: "Ties go to whoever reached the count first." },
  };
  return { embeds: [embed], allowedMentions: { users: [] } };
}

const setupOptions = (command: CommandContext): VoteSetupInput => {
  const { options } = command;
  return {
    ...(options.has("channel") ? { channelId: options.id("channel") } : {}),
    ...(options.has("reward_role") ? { rewardRoleId: options.id("reward_role") } : {}),
    ...(options.has("reward_hours") ? { rewardHours: options.number("reward_hours") } : {}),
    ...(options.has("leaderboards") ? { leaderboards: options.boolean("leaderboards") } : {}),
  };
};

export const voteCommands = () => [
  defineCommand("votetracker user", async (command) => command.reply(await statsReply(command)), {
    ephemeral: false,
  }),
  defineCommand(
    "votetracker leaderboard",
    async (command) => {
      const type = command.options.string("type") ?? "monthly";
      if (type !== "monthly" && type !== "all-time") {
        throw badRequest("**type** must be monthly or all-time.", "type");
      }
      const board = await getLeaderboard(command.ctx, command.serverId, type, command.user.id);
      await command.reply(leaderboardMessage(board), { ephemeral: false });
    },
    { ephemeral: false },
  ),
  defineCommand("votetracker admin setup", async (command) => {
    const input = setupOptions(command);
    const mode = command.options.string("mode");
    if (mode !== undefined && mode !== "quick" && mode !== "custom") {
      throw badRequest("**mode** must be quick or custom.", "mode");
    }
    // Wrong options are named now, before any choice or form.
    await checkVoteSetup(command.ctx, command.serverId, input, actorOf(command).userId);
    if (mode === "quick") {
      const setup = await configureVotes(command.ctx, command.serverId, actorOf(command), input);
      await command.reply(setupMessage(setup), { ephemeral: true });
    } else if (mode === "custom") {
      await command.interaction.showModal(instructionsForm(encodeSetup(input)));
    } else {
      await command.reply(setupChoiceMessage(input), { ephemeral: true });
    }
  }),
  defineCommand("votetracker admin deleteuser", async (command) => {
    const userId = command.options.requireId("user");
    await command.reply(
      {
        content: `⚠️ Delete every vote, stat and leaderboard place of <@${userId}>? This can't be undone.`,
        components: [
          [
            { type: "button", style: "danger", label: "Delete", customId: `${deletePrefix}${userId}` },
            { type: "button", style: "secondary", label: "Cancel", customId: cancelId },
          ],
        ],
        allowedMentions: { users: [] },
      },
      { ephemeral: true },
    );
  }),
];

async function onDeleteConfirmed(
  ctx: Parameters<NonNullable<BotFeature["listeners"]>>[1],
  interaction: ButtonInteraction,
) {
  const { guildId, member, customId, user } = interaction.data;
  if (!guildId || (BigInt(member?.permissions ?? "0") & adminBits) === 0n) {
    throw forbidden("You need Administrator or Manage Server to delete vote data.");
  }
  const userId = customId.slice(deletePrefix.length);
  const { votes } = await deleteVoterData(ctx, guildId, { tokenId: null, userId: user.id }, userId);
  await interaction.update({
    content: `🗑️ Deleted ${plural(votes, "vote")} and all stats of <@${userId}>; they're off the leaderboards.`,
    components: [],
    allowedMentions: { users: [] },
  });
}

/** The vote tracker's slash commands, its setup wizard, designer preview and confirmation buttons. */
export const votesBot: BotFeature = {
  commands: () => voteCommands(),
  listeners: (bot, ctx) => {
    bot.onButton(deletePrefix, (interaction) => onDeleteConfirmed(ctx, interaction));
    bot.onButton(cancelId, (interaction) =>
      interaction.update({ content: "Cancelled; nothing was deleted.", components: [] }),
    );
    listenForVoteSetup(bot, ctx);
    listenForDesigns(bot, ctx, voteDesignFlow);
    return undefined;
  },
};
