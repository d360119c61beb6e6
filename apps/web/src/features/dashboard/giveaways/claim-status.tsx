import { claimStatusOf, type GiveawayWinner } from "@hearth/core";
import { cn } from "../../../lib/cn";
import { shortDateTime } from "../shared/format";

/**
 * Where a winner's claim stands, for the host: Claimed ✓, Waiting until <time>, Expired → replaced
 * by <name>. Nothing for a giveaway that asks for no claim.
 */
export function ClaimStatus({
  winner,
  winners,
  now,
}: {
  winner: GiveawayWinner;
  winners: readonly GiveawayWinner[];
  now: number;
}) {
  const status = claimStatusOf(winner, winners, now);
  const name = (userId: string | null) =>
    userId === null ? null : (winners.find((w) => w.userId === userId)?.username ?? userId);
  const badge = "rounded-full border px-2 py-0.5 text-xs font-semibold whitespace-nowrap";
  switch (status.kind) {
    case "claimed":
      return (
        <span
          className={cn(badge, "border-emerald-400/30 bg-emerald-400/10 text-emerald-200")}
          title={`Claimed ${shortDateTime(status.at)}`}
        >
          Claimed ✓
        </span>
      );
    case "waiting":
      return (
        <span className={cn(badge, "border-amber-400/30 bg-amber-400/10 text-amber-200")}>
          Waiting until {shortDateTime(status.until)}
        </span>
      );
    case "expired":
      return (
        <span className={cn(badge, "border-red-400/30 bg-red-500/10 text-red-200")}>
          {status.replacedBy ? `Expired → replaced by ${name(status.replacedBy)}` : "Expired"}
        </span>
      );
    case "replaced":
      return (
        <span className={cn(badge, "border-white/10 bg-white/5 text-stone-300")}>
          {status.replacedBy ? `Rerolled → replaced by ${name(status.replacedBy)}` : "Rerolled"}
        </span>
      );
    default:
      return null;
  }
}
