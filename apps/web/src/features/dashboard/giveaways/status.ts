import { formatRemaining } from "@hearth/core";

/**
 * The list's status text: 'Ends in 2d 5h', 'Ends in 3h 12m', 'Ends in 7m', or 'Ended' (spec §2).
 * A giveaway past its end time whose draw hasn't run yet also reads 'Ended'.
 */
export function giveawayStatusText(giveaway: { active: boolean; endTime: number }, now: number): string {
  const remaining = formatRemaining(giveaway.endTime - now);
  return giveaway.active && remaining !== "Ended" ? `Ends in ${remaining}` : "Ended";
}

export function isRunning(giveaway: { active: boolean; endTime: number }, now: number): boolean {
  return giveaway.active && giveaway.endTime > now;
}
