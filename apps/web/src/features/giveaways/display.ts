/** Participants shown before "Show all N participants" (spec: site-and-docs §9). */
export const PARTICIPANTS_COLLAPSED = 50;
/** Discord's six default avatars, served from /avatars/0.svg to /avatars/5.svg. */
export const DEFAULT_AVATARS = 6;

/** The card countdown: `2d 5h`, `3h 12m`, `7m` (under a minute reads `0m`), or `Ended`. */
export function formatCountdown(ms: number): string {
  if (ms <= 0) return "Ended";
  const minutes = Math.floor(ms / 60_000);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${minutes % 60}m`;
  return `${minutes}m`;
}

function unit(count: number, name: string): string {
  return `${count} ${name}${count === 1 ? "" : "s"}`;
}

/** The detail page's countdown in full words: `2 days, 5 hours, 12 minutes and 8 seconds`. */
export function formatCountdownWords(ms: number): string {
  if (ms <= 0) return "Ended";
  const totalSeconds = Math.floor(ms / 1000);
  const parts: string[] = [];
  const days = Math.floor(totalSeconds / 86_400);
  const hours = Math.floor((totalSeconds % 86_400) / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  if (days > 0) parts.push(unit(days, "day"));
  if (hours > 0) parts.push(unit(hours, "hour"));
  if (minutes > 0) parts.push(unit(minutes, "minute"));
  if (seconds > 0 || parts.length === 0) parts.push(unit(seconds, "second"));
  if (parts.length === 1) return parts[0] ?? "";
  return `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}`;
}

/** `1 winner`, `2 winners`. */
export function winnersLabel(count: number): string {
  return `${count} ${count === 1 ? "winner" : "winners"}`;
}

/** `1 participant`, `12 participants`. */
export function participantsLabel(count: number): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? "participant" : "participants"}`;
}

/** A default avatar by the last two digits of the user id, modulo 6. */
export function defaultAvatarIndex(userId: string): number {
  const lastTwo = Number.parseInt(userId.replace(/\D/g, "").slice(-2), 10);
  return Number.isNaN(lastTwo) ? 0 : lastTwo % DEFAULT_AVATARS;
}

export function defaultAvatarUrl(userId: string): string {
  return `/avatars/${defaultAvatarIndex(userId)}.svg`;
}

/** The last four characters of an id, as the pages show them: `…4821`. */
export function idTail(id: string | null | undefined): string | null {
  return id ? id.slice(-4) : null;
}

/** A name to show: the username, else `User` and the id's last four, else `Unknown User`. */
export function displayName(username: unknown, userId: unknown): string {
  if (typeof username === "string" && username.trim()) return username.trim();
  if (typeof userId === "string" && userId) return `User ${userId.slice(-4)}`;
  return "Unknown User";
}

export function prizeText(prize: unknown): string {
  return typeof prize === "string" && prize.trim() ? prize : "Unknown Prize";
}

export function serverText(name: unknown): string {
  return typeof name === "string" && name.trim() ? name : "Unknown Server";
}

/**
 * "every day", "every 3 hours": how a recurring giveaway repeats (the same words as the core's
 * `describeRecurrence`, kept here so the public pages don't load the core's schemas for it).
 */
export function repeatsText(recurrence: { every: number; unit: string }): string {
  const singular = recurrence.unit.replace(/s$/, "");
  return recurrence.every === 1 ? `every ${singular}` : `every ${recurrence.every} ${recurrence.unit}`;
}
