import { type ClaimStatus, claimStatusOf, type GiveawayDetail } from "@hearth/core";
import { defineCommand } from "../../bot/commands/command.ts";
import { fitLines, messageIdOf } from "./command-helpers.ts";
import { getGiveawayDetail } from "./queries.ts";

// `/giveaway claims`: the host sees who claimed their win, who may still claim and who was replaced.

const unix = (ms: number) => Math.floor(ms / 1000);

/** One winner's claim as a line of the answer. */
export function claimStatusLine(userId: string, status: ClaimStatus): string {
  const who = `<@${userId}>`;
  switch (status.kind) {
    case "claimed":
      return `✅ ${who} claimed <t:${unix(status.at)}:R>`;
    case "waiting":
      return `⏳ ${who} waiting, until <t:${unix(status.until)}:f> (<t:${unix(status.until)}:R>)`;
    case "expired":
      return status.replacedBy
        ? `⌛ ${who} expired → replaced by <@${status.replacedBy}>`
        : `⌛ ${who} expired (no one left to draw in their place)`;
    case "replaced":
      return status.replacedBy
        ? `🔁 ${who} rerolled → replaced by <@${status.replacedBy}>`
        : `🔁 ${who} rerolled`;
    case "none":
      return `🎉 ${who} (no claim needed)`;
  }
}

/** The lines of every winner of an ended giveaway, in the order drawn. */
export function claimLines(detail: GiveawayDetail, now: number): string[] {
  const winners = Array.isArray(detail.winners) ? detail.winners : [];
  return winners.map((winner) => claimStatusLine(winner.userId, claimStatusOf(winner, winners, now)));
}

export const claimsCommand = defineCommand("giveaway claims", async (command) => {
  const messageId = messageIdOf(command);
  const detail = await getGiveawayDetail(command.ctx, command.serverId, messageId);
  if (detail.active) {
    await command.reply(
      `The giveaway for **${detail.prize}** is still running; its winners can claim once it ends.${
        detail.claimWindow ? "" : " It has no claim window."
      }`,
    );
    return;
  }
  const lines = claimLines(detail, Date.now());
  if (!detail.claimWindow && lines.length > 0) {
    await command.reply(
      `The giveaway for **${detail.prize}** has no claim window: its winners needn't claim.`,
    );
    return;
  }
  await command.reply({
    embeds: [
      {
        title: `Claims: ${detail.prize}`.slice(0, 256),
        description: lines.length > 0 ? fitLines(lines, 4000) : "No winner was drawn.",
        color: 0x22c55e,
        footer: { text: "Unclaimed wins are drawn again at their deadline" },
      },
    ],
    allowedMentions: {},
  });
});
