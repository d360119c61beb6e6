import type { Button } from "../../discord/port/port.ts";

/** The Claim button of a giveaway with a claim window, and the line telling winners their deadline. */

/** The prefix of a Claim button's id; then the server and the giveaway's message (a DM has no server). */
export const claimButtonPrefix = "giveaway:claim:";

export const claimButtonId = (serverId: string, messageId: string) =>
  `${claimButtonPrefix}${serverId}:${messageId}`;

/** Parses a Claim button's id; null when it isn't one. */
export function parseClaimButton(customId: string): { serverId: string; messageId: string } | null {
  const match = /^giveaway:claim:(\d{1,20}):(\d{1,20})$/.exec(customId);
  return match ? { serverId: match[1] as string, messageId: match[2] as string } : null;
}

export const claimButton = (serverId: string, messageId: string): Button => ({
  type: "button",
  style: "success",
  label: "Claim prize",
  emoji: "🎁",
  customId: claimButtonId(serverId, messageId),
});

/** The sentence under the announcement: until when winners can claim. */
export function claimLine(deadline: number): string {
  const at = Math.floor(deadline / 1000);
  return `Winners: press **Claim** by <t:${at}:f> (<t:${at}:R>), or the prize is drawn again.`;
}
