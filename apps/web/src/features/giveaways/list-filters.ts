import type { GiveawayListItem } from "@hearth/core";

export type StatusFilter = "all" | "active" | "ended";
export type SortOrder = "newest" | "ending" | "popular";

export const statusOptions: { value: StatusFilter; label: string }[] = [
  { value: "all", label: "All Giveaways" },
  { value: "active", label: "Active Only" },
  { value: "ended", label: "Ended Only" },
];

export const sortOptions: { value: SortOrder; label: string }[] = [
  { value: "newest", label: "Newest First" },
  { value: "ending", label: "Ending Soon" },
  { value: "popular", label: "Most Popular" },
];

/** Running: flagged active by the API and not past its end time (the end job may lag a little). */
export function isRunning(giveaway: Pick<GiveawayListItem, "active" | "endTime">, now: number): boolean {
  return giveaway.active && giveaway.endTime > now;
}

export interface GiveawayFilters {
  query: string;
  status: StatusFilter;
  sort: SortOrder;
}

/**
 * Search (prize or server name, case-insensitive), status filter, then sort: newest by start time,
 * ending soon puts running giveaways first by time left (ended ones after, latest ended first),
 * most popular by entries. Ties fall back to newest first.
 */
export function applyGiveawayFilters(
  giveaways: readonly GiveawayListItem[],
  { query, status, sort }: GiveawayFilters,
  now: number,
): GiveawayListItem[] {
  const needle = query.trim().toLowerCase();
  const matches = giveaways.filter((giveaway) => {
    const running = isRunning(giveaway, now);
    if (status === "active" && !running) return false;
    if (status === "ended" && running) return false;
    if (!needle) return true;
    return (
      (giveaway.prize ?? "").toLowerCase().includes(needle) ||
      (giveaway.guildName ?? "").toLowerCase().includes(needle)
    );
  });

  const newest = (a: GiveawayListItem, b: GiveawayListItem) => b.createdAt - a.createdAt;
  const compare: Record<SortOrder, (a: GiveawayListItem, b: GiveawayListItem) => number> = {
    newest,
    popular: (a, b) => b.entries - a.entries || newest(a, b),
    ending: (a, b) => {
      const runningA = isRunning(a, now);
      const runningB = isRunning(b, now);
      if (runningA !== runningB) return runningA ? -1 : 1;
      return (runningA ? a.endTime - b.endTime : b.endTime - a.endTime) || newest(a, b);
    },
  };
  return [...matches].sort(compare[sort]);
}

export function giveawayTotals(giveaways: readonly GiveawayListItem[], now: number) {
  return {
    total: giveaways.length,
    active: giveaways.filter((giveaway) => isRunning(giveaway, now)).length,
    participants: giveaways.reduce((sum, giveaway) => sum + (Number(giveaway.entries) || 0), 0),
  };
}
