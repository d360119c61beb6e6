import { parseWelcomeWaveCustomId, welcomeWaveCustomIdPrefix } from "@hearth/core";
import type { Bot } from "../../bot/bot.ts";
import type { AppContext } from "../../context.ts";
import type { MemberEvent } from "../../discord/port/events.ts";
import type { ButtonInteraction } from "../../discord/port/interaction.ts";
import { sendJoinPings } from "./ping.ts";
import { sendWelcome } from "./service.ts";

/**
 * On a member join: the welcome message and the join pings, side by side. Bots are skipped.
 * Failures are logged, never thrown: one broken setting must not break the gateway's event loop,
 * and a failed welcome must not hold back the pings (or the other way round).
 */
export async function onMemberJoin(ctx: AppContext, member: MemberEvent): Promise<void> {
  if (member.user.bot) return;
  const { guildId } = member;
  const userId = member.user.id;
  const [welcome, pings] = await Promise.allSettled([
    sendWelcome(ctx, guildId, userId, member),
    sendJoinPings(ctx, guildId, userId, member),
  ]);
  if (welcome.status === "rejected") {
    ctx.logger.error({ err: welcome.reason, guildId, userId }, "welcome message failed");
  }
  if (pings.status === "rejected") {
    ctx.logger.error({ err: pings.reason, guildId, userId }, "join pings failed");
  }
}

// Who already waved at whom, so one click-happy member can't flood the channel. Bounded: the
// oldest pairs are forgotten first.
const waveMemoryLimit = 10_000;

/** The welcome's button: the clicker waves at the new member, in the channel, pinging only them. */
export function waveHandler() {
  const waved = new Set<string>();
  return async (interaction: ButtonInteraction) => {
    const { customId, user } = interaction.data;
    const memberId = parseWelcomeWaveCustomId(customId);
    if (memberId === null) {
      await interaction.reply("This button no longer does anything.", { ephemeral: true });
      return;
    }
    if (memberId === user.id) {
      await interaction.reply("That's your own welcome: the others can wave at you! 👋", { ephemeral: true });
      return;
    }
    const pair = `${interaction.data.messageId}:${user.id}`;
    if (waved.has(pair)) {
      await interaction.reply(`You already waved at <@${memberId}>.`, { ephemeral: true });
      return;
    }
    waved.add(pair);
    if (waved.size > waveMemoryLimit) waved.delete(waved.values().next().value as string);
    await interaction.reply(
      { content: `👋 <@${user.id}> waves hello to <@${memberId}>!`, allowedMentions: { users: [memberId] } },
      { ephemeral: false },
    );
  };
}

/** Registers the join listener and the wave button; answers a function that removes the listener. */
export function listenForJoins(bot: Bot, ctx: AppContext): () => void {
  bot.onButton(welcomeWaveCustomIdPrefix, waveHandler());
  return bot.events.on("memberAdd", (member) => onMemberJoin(ctx, member));
}
