import { formatDurationShort, formatRemaining, type GiveawayListItem } from "@hearth/core";
import { formatAmount } from "../shared/format";

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

/** The giveaway's controls as short notes: its entry cap, its reminder and its claim window. */
export function controlNotes(
  giveaway: Pick<GiveawayListItem, "maxEntries" | "reminderBefore" | "claimWindow">,
): string[] {
  const notes: string[] = [];
  if (giveaway.maxEntries) notes.push(`ends at ${formatAmount(giveaway.maxEntries)} entries`);
  if (giveaway.reminderBefore)
    notes.push(`reminder ${formatDurationShort(giveaway.reminderBefore)} before the end`);
  if (giveaway.claimWindow) notes.push(`winners claim within ${formatDurationShort(giveaway.claimWindow)}`);
  return notes;
}
