import type { GiveawayWinner } from "../api/giveaways.ts";

/**
 * Where a winner's claim stands, for the host (dashboard and `/giveaway claims`):
 * - `claimed`: they pressed Claim (`at`);
 * - `waiting`: they may still claim, until `until`;
 * - `expired`: the window passed unclaimed; `replacedBy` names who was drawn in their place (null:
 *   no entrant was left to draw);
 * - `replaced`: a reroll replaced them before their window ran out;
 * - `none`: the giveaway asks for no claim.
 */
export type ClaimStatus =
  | { kind: "claimed"; at: number }
  | { kind: "waiting"; until: number }
  | { kind: "expired"; replacedBy: string | null }
  | { kind: "replaced"; replacedBy: string | null }
  | { kind: "none" };

type ClaimFields = Pick<
  GiveawayWinner,
  "userId" | "draw" | "replaces" | "replacedAt" | "claimedAt" | "claimDeadline"
>;

/** A winner's claim status among the giveaway's winners (the replacement is the later winner naming them). */
export function claimStatusOf(
  winner: ClaimFields,
  winners: readonly ClaimFields[],
  now: number,
): ClaimStatus {
  if (winner.claimedAt != null) return { kind: "claimed", at: winner.claimedAt };
  const replacedBy =
    winners.find((other) => other.replaces === winner.userId && other.draw > winner.draw)?.userId ?? null;
  if (winner.replacedAt != null) {
    const expired = winner.claimDeadline != null && winner.replacedAt >= winner.claimDeadline;
    return expired ? { kind: "expired", replacedBy } : { kind: "replaced", replacedBy };
  }
  if (winner.claimDeadline == null) return { kind: "none" };
  // Past the deadline and not yet redrawn (the expiry job is about to run): expired, no one yet.
  if (winner.claimDeadline <= now) return { kind: "expired", replacedBy: null };
  return { kind: "waiting", until: winner.claimDeadline };
}
