import { type CommandContext, defineCommand } from "../../bot/commands/command.ts";
import type { AppContext } from "../../context.ts";
import type { ButtonInteraction, Interaction, ModalInteraction } from "../../discord/interaction.ts";
import type { Embed, Modal, OutgoingMessage } from "../../discord/port.ts";
import { badRequest, forbidden } from "../../lib/errors.ts";
import type { BotFeature } from "../feature.ts";
import { listenForDesigns, startDesign } from "../message-designer/preview.ts";
import { instructionsMax } from "../message-designer/provider.ts";
import { deliverTestVote } from "./delivery.ts";
import { requireVoteAdmin, voteDesignFlow } from "./design-flow.ts";
import { rotateVoteWebhook, setSigningSecret } from "./secrets.ts";
import {
  checkVoteSetup,
  configureVotes,
  deleteVoterData,
  getLeaderboard,
  getVoterStats,
  type Leaderboard,
  type VoteSetupInput,
} from "./service.ts";
import {
  color,
  decodeSetup,
  encodeSetup,
  plural,
  setupChoiceMessage,
  setupIds,
  setupMessage,
} from "./setup-message.ts";
import { findSettings } from "./store.ts";

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

/** The form of Custom Setup with AI: what the notification should look like, in plain words. */
const instructionsForm = (encoded: string): Modal => ({
  customId: `${setupIds.form}${encoded}`,
  title: "Custom Setup with AI",
  fields: [
    {
      customId: "instructions",
      label: "Describe the vote notification",
      style: "paragraph",
      required: false,
      maxLength: instructionsMax,
      placeholder: "Hype and pink, thank them, mention the reward role and the leaderboard, use our emojis",
    },
  ],
});

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
    await checkVoteSetup(command.ctx, command.serverId, input);
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

const serverOf = (interaction: Interaction): string => {
  const { guildId } = interaction.data;
  if (!guildId) throw badRequest("Vote tracking is set up inside a server.");
  requireVoteAdmin(interaction.data.member);
  return guildId;
};
const clickerOf = (interaction: Interaction) => ({ tokenId: null, userId: interaction.data.user.id });

/** The instructions form sent: design the notification and show its preview (nothing saved yet). */
async function onInstructions(ctx: AppContext, interaction: ModalInteraction) {
  const serverId = serverOf(interaction);
  const input = decodeSetup(interaction.data.customId.slice(setupIds.form.length));
  await checkVoteSetup(ctx, serverId, input);
  const preview = await startDesign(ctx, voteDesignFlow, {
    serverId,
    user: interaction.data.user,
    instructions: interaction.data.fields.instructions ?? "",
    extra: input,
  });
  if (interaction.data.messageId) await interaction.update(preview);
  else await interaction.reply(preview, { ephemeral: true });
}

async function onTestVote(ctx: AppContext, interaction: ButtonInteraction) {
  const serverId = serverOf(interaction);
  const settings = await findSettings(ctx.storage.db, serverId);
  if (!settings)
    throw badRequest("Vote tracking isn't set up here yet: run `/votetracker admin setup` first.");
  if (!settings.channel_id) {
    throw badRequest(
      "There's no notification channel: run `/votetracker admin setup channel:` to choose one, then test again.",
    );
  }
  await deliverTestVote(ctx, serverId, {
    userId: interaction.data.user.id,
    platform: "test",
    at: Date.now(),
  });
  await interaction.reply(
    `🧪 Sent a test notification to <#${settings.channel_id}>, with you as the voter. Nothing was counted.`,
    { ephemeral: true },
  );
}

/** The form for the listing site's signing secret; left empty, it forgets the saved one. */
const signingForm: Modal = {
  customId: setupIds.signingForm,
  title: "Listing site's signing secret",
  fields: [
    {
      customId: "secret",
      label: "Webhook secret from top.gg (whs_…)",
      style: "short",
      required: false,
      maxLength: 200,
      placeholder: "Leave empty to forget the saved one",
    },
  ],
};

async function onSigningSecret(ctx: AppContext, interaction: ModalInteraction) {
  const serverId = serverOf(interaction);
  const secret = (interaction.data.fields.secret ?? "").trim();
  const setup = await setSigningSecret(ctx, serverId, clickerOf(interaction), secret === "" ? null : secret);
  const message = setupMessage(
    setup,
    secret === ""
      ? "🔏 Signing secret forgotten: signed webhooks are checked with the secret below."
      : "🔏 Signing secret saved: top.gg's signed webhooks are checked with it.",
  );
  if (interaction.data.messageId) await interaction.update(message);
  else await interaction.reply(message, { ephemeral: true });
}

function rotateQuestion(): OutgoingMessage {
  return {
    content:
      "🔑 Make a new webhook URL and secret? The current URL stops working at once (votes sent to it are refused), so paste the new URL and secret into every listing site afterwards.",
    embeds: [],
    components: [
      [
        { type: "button", style: "danger", label: "Rotate", customId: setupIds.rotateYes },
        { type: "button", style: "secondary", label: "Cancel", customId: setupIds.rotateNo },
      ],
    ],
  };
}

/** The vote tracker's slash commands, its setup wizard, designer preview and confirmation buttons. */
export const votesBot: BotFeature = {
  commands: () => voteCommands(),
  listeners: (bot, ctx) => {
    bot.onButton(deletePrefix, (interaction) => onDeleteConfirmed(ctx, interaction));
    bot.onButton(cancelId, (interaction) =>
      interaction.update({ content: "Cancelled; nothing was deleted.", components: [] }),
    );
    bot.onButton(setupIds.quick, async (interaction) => {
      const serverId = serverOf(interaction);
      const input = decodeSetup(interaction.data.customId.slice(setupIds.quick.length));
      await interaction.update(
        setupMessage(await configureVotes(ctx, serverId, clickerOf(interaction), input)),
      );
    });
    bot.onButton(setupIds.custom, async (interaction) => {
      serverOf(interaction);
      await interaction.showModal(instructionsForm(interaction.data.customId.slice(setupIds.custom.length)));
    });
    bot.onModal(setupIds.form, (interaction) => onInstructions(ctx, interaction));
    bot.onButton(setupIds.testVote, (interaction) => onTestVote(ctx, interaction));
    bot.onButton(setupIds.rotateAsk, async (interaction) => {
      serverOf(interaction);
      await interaction.update(rotateQuestion());
    });
    bot.onButton(setupIds.rotateYes, async (interaction) => {
      const serverId = serverOf(interaction);
      const setup = await rotateVoteWebhook(ctx, serverId, clickerOf(interaction));
      await interaction.update(
        setupMessage(
          setup,
          "🔑 New webhook URL and secret made: the old URL no longer works. Update your listing sites now.",
        ),
      );
    });
    bot.onButton(setupIds.rotateNo, async (interaction) => {
      serverOf(interaction);
      await interaction.update({
        content: "Cancelled: the webhook URL and secret are unchanged.",
        components: [],
      });
    });
    bot.onButton(setupIds.signingAsk, async (interaction) => {
      serverOf(interaction);
      await interaction.showModal(signingForm);
    });
    bot.onModal(setupIds.signingForm, (interaction) => onSigningSecret(ctx, interaction));
    listenForDesigns(bot, ctx, voteDesignFlow);
    return undefined;
  },
};
