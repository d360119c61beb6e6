import type { Bot } from "../../bot/bot.ts";
import type { AppContext } from "../../context.ts";
import type { ButtonInteraction } from "../../discord/port/interaction.ts";
import type { OutgoingMessage } from "../../discord/port/port.ts";
import { AppError, badRequest } from "../../lib/errors.ts";
import { claimButtonPrefix, parseClaimButton } from "./claim-button.ts";
import { claimWin } from "./claims.ts";
import { enterGiveaway, leaveGiveaway } from "./entries.ts";
import { enterButtonId } from "./messages.ts";

/** The Leave button of the entry confirmation: the prefix, then the giveaway's message id. */
export const leaveButtonPrefix = "giveaway:leave:";

const outsideServer = "Giveaways can only be entered inside their server.";
const entriesText = (entries: number) => `${entries} ${entries === 1 ? "entry" : "entries"}`;

const withLeaveButton = (content: string, messageId: string): OutgoingMessage => ({
  content,
  components: [
    [
      {
        type: "button",
        style: "danger",
        label: "Leave giveaway",
        customId: `${leaveButtonPrefix}${messageId}`,
      },
    ],
  ],
});

/** Enter: the service checks the requirements; a refusal reaches the member as its own sentence. */
async function onEnter(ctx: AppContext, interaction: ButtonInteraction): Promise<void> {
  const { guildId, messageId, user, member } = interaction.data;
  if (!guildId || !member) throw badRequest(outsideServer);
  try {
    const result = await enterGiveaway(ctx, guildId, messageId, user.id, { member });
    const bonus = result.entries > 1 ? " (a role of yours multiplies them)" : "";
    const bypass = result.hasBypass ? " Your role let you skip the requirements." : "";
    await interaction.reply(
      withLeaveButton(
        `🎉 You're in! You have ${entriesText(result.entries)}${bonus}.${bypass} Good luck!`,
        messageId,
      ),
      { ephemeral: true },
    );
  } catch (error) {
    // Entered before: say so, and offer the way out rather than a dead end.
    if (error instanceof AppError && error.statusCode === 409 && /already entered/.test(error.message)) {
      await interaction.reply(withLeaveButton("You've already entered this giveaway.", messageId), {
        ephemeral: true,
      });
      return;
    }
    throw error;
  }
}

/** Leave: withdraws the entry and turns the confirmation into a goodbye (the button goes away). */
async function onLeave(ctx: AppContext, interaction: ButtonInteraction): Promise<void> {
  const { guildId, customId, user } = interaction.data;
  if (!guildId) throw badRequest(outsideServer);
  const messageId = customId.slice(leaveButtonPrefix.length);
  await leaveGiveaway(ctx, guildId, messageId, user.id);
  await interaction.update({
    content: "You left the giveaway. Changed your mind? Press **Enter** on it again.",
    components: [],
  });
}

/** Claim (on the winners announcement or in a winner's DM): records the claim, once. */
async function onClaim(ctx: AppContext, interaction: ButtonInteraction): Promise<void> {
  const target = parseClaimButton(interaction.data.customId);
  if (!target) throw badRequest("This button doesn't belong to a giveaway any more.");
  const result = await claimWin(ctx, target.serverId, target.messageId, interaction.data.user.id);
  const at = Math.floor(result.claimedAt / 1000);
  await interaction.reply(
    {
      content: result.already
        ? `✅ You already claimed **${result.prize}** (<t:${at}:f>). The host has been told; nothing more to do.`
        : `✅ Claimed! **${result.prize}** is yours. The host can see your claim and will be in touch.`,
      allowedMentions: {},
    },
    { ephemeral: true },
  );
}

export function listenForGiveawayButtons(bot: Bot, ctx: AppContext): () => void {
  bot.onButton(enterButtonId, (interaction) => onEnter(ctx, interaction));
  bot.onButton(claimButtonPrefix, (interaction) => onClaim(ctx, interaction));
  bot.onButton(leaveButtonPrefix, (interaction) => onLeave(ctx, interaction));
  return () => undefined;
}
