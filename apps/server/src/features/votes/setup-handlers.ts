import type { Bot } from "../../bot/bot.ts";
import type { AppContext } from "../../context.ts";
import type { ButtonInteraction, Interaction, ModalInteraction } from "../../discord/port/interaction.ts";
import { badRequest } from "../../lib/errors.ts";
import { startDesign } from "../message-designer/service.ts";
import { sendTestVote } from "./delivery.ts";
import { requireVoteAdmin, voteDesignFlow } from "./design-flow.ts";
import { rotateVoteWebhook, setSigningSecret } from "./secrets.ts";
import { checkVoteSetup, configureVotes } from "./service.ts";
import {
  decodeSetup,
  instructionsForm,
  rotateQuestion,
  setupIds,
  setupMessage,
  signingForm,
} from "./setup-message.ts";

/** The buttons and forms of the vote tracker's setup wizard (from `/votetracker admin setup`). */

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
  await checkVoteSetup(ctx, serverId, input, interaction.data.user.id);
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
  const channelId = await sendTestVote(ctx, serverId, interaction.data.user.id);
  await interaction.reply(
    `🧪 Sent a test notification to <#${channelId}>, with you as the voter. Nothing was counted.`,
    { ephemeral: true },
  );
}

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

export function listenForVoteSetup(bot: Bot, ctx: AppContext): void {
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
}
