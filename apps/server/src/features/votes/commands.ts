import { type CommandContext, defineCommand } from "../../bot/commands/command.ts";
import type { BotFeature } from "../../bot/commands/features.ts";
import type { ButtonInteraction } from "../../bot/interaction.ts";
import type { Embed, OutgoingMessage } from "../../discord/port.ts";
import { badRequest, forbidden } from "../../lib/errors.ts";
import {
  configureVotes,
  deleteVoterData,
  getLeaderboard,
  getVoterStats,
  type Leaderboard,
  type VoteSetup,
} from "./service.ts";

const color = 0xf97316;
const deletePrefix = "votes:deleteuser:";
const cancelId = "votes:cancel";
const adminBits = (1n << 3n) | (1n << 5n);

const when = (at: number | null) => (at === null ? "never" : `<t:${Math.floor(at / 1000)}:R>`);
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
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

function setupMessage(setup: VoteSetup): OutgoingMessage {
  const { settings } = setup;
  const reward = settings.reward_role_id
    ? `<@&${settings.reward_role_id}> for ${settings.reward_hours === 0 ? "ever" : plural(settings.reward_hours, "hour")}`
    : "none";
  const embed: Embed = {
    title: setup.created ? "🗳️ Vote tracking is set up" : "🗳️ Vote tracking updated",
    color,
    fields: [
      {
        name: "Notifications",
        value: settings.channel_id ? `<#${settings.channel_id}>` : "off",
        inline: true,
      },
      { name: "Reward role", value: reward, inline: true },
      { name: "Leaderboards", value: settings.leaderboards_enabled === 1 ? "on" : "off", inline: true },
      { name: "Webhook URL", value: `\`${setup.webhookUrl}\`` },
      { name: "Authorization / signing secret", value: `||\`${settings.secret}\`||` },
    ],
    description:
      "Paste the URL into your listing site's webhook settings and the secret as its Authorization (or webhook secret). Keep both private: anyone with them can add votes. Use the site's **Test** button to check the notification.",
    footer: {
      text: "The AI message designer isn't available from this command yet; the default message is used.",
    },
  };
  return { embeds: [embed] };
}

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
    const { options } = command;
    const setup = await configureVotes(command.ctx, command.serverId, actorOf(command), {
      ...(options.has("channel") ? { channelId: options.id("channel") } : {}),
      ...(options.has("reward_role") ? { rewardRoleId: options.id("reward_role") } : {}),
      ...(options.has("reward_hours") ? { rewardHours: options.number("reward_hours") } : {}),
      ...(options.has("leaderboards") ? { leaderboards: options.boolean("leaderboards") } : {}),
    });
    await command.reply(setupMessage(setup), { ephemeral: true });
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
  ctx: Parameters<NonNullable<BotFeature["listen"]>>[1],
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

/** The vote tracker's slash commands and its delete-confirmation buttons. */
export const votesBot: BotFeature = {
  commands: () => voteCommands(),
  listen: (bot, ctx) => {
    bot.onButton(deletePrefix, (interaction) => onDeleteConfirmed(ctx, interaction));
    bot.onButton(cancelId, (interaction) =>
      interaction.update({ content: "Cancelled; nothing was deleted.", components: [] }),
    );
    return undefined;
  },
};
