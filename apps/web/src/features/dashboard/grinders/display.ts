import type { Grinder } from "@hearth/core";

/** The avatar's two letters: the last 2 characters of the user id (spec §2). */
export function memberInitials(userId: string): string {
  return userId.slice(-2);
}

/** The record's short reference: the last 6 characters of its id (spec §2). */
export function recordTail(id: string): string {
  return id.slice(-6);
}

export function memberName(grinder: Pick<Grinder, "displayName" | "username" | "userId">): string {
  return grinder.displayName?.trim() || grinder.username?.trim() || `User …${grinder.userId.slice(-4)}`;
}

const chatTimestamp = /^<t:(-?\d+)(?::[tTdDfFR])?>$/;

/**
 * The last payment's time in ms, from a number (ms) or a chat timestamp token `<t:seconds:format>`
 * (spec §3); null when there is none or it can't be read.
 */
export function paymentTime(value: number | string | null | undefined): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value !== "string") return null;
  const match = chatTimestamp.exec(value.trim());
  if (match?.[1]) return Number(match[1]) * 1000;
  const numeric = Number(value);
  return value.trim() !== "" && Number.isFinite(numeric) ? numeric : null;
}

/** `onBreak`, or the older `break` (spec §3). */
export function isOnBreak(grinder: Pick<Grinder, "onBreak" | "break">): boolean {
  return Boolean(grinder.onBreak ?? grinder.break);
}

export type GrinderSort = "hiredAt" | "payment" | "tier";
export type SortOrder = "asc" | "desc";

export interface GrinderFilters {
  search: string;
  /** A tier name, or "" for every tier. */
  tier: string;
  paidOnly: boolean;
  sort: GrinderSort;
  order: SortOrder;
}

/** The list's defaults: every grinder, newest hire first (spec §2). */
export const defaultGrinderFilters: GrinderFilters = {
  search: "",
  tier: "",
  paidOnly: false,
  sort: "hiredAt",
  order: "desc",
};

/**
 * Filters and sorts the roster. Search looks at the user id (and names); tier order is the
 * setup's order; ties fall back to the newest hire, then the record id, so the order is stable.
 */
export function filterGrinders(
  grinders: readonly Grinder[],
  filters: GrinderFilters,
  tierOrder: readonly string[] = [],
): Grinder[] {
  const query = filters.search.trim().toLowerCase();
  const tierRank = (tier: string) => {
    const index = tierOrder.findIndex((name) => name.toLowerCase() === tier.toLowerCase());
    return index === -1 ? tierOrder.length : index;
  };
  const direction = filters.order === "asc" ? 1 : -1;
  const compare = (a: Grinder, b: Grinder): number => {
    switch (filters.sort) {
      case "payment":
        return a.payment - b.payment;
      case "tier":
        return tierRank(a.tier) - tierRank(b.tier) || a.tier.localeCompare(b.tier);
      default:
        return a.hiredAt - b.hiredAt;
    }
  };
  return grinders
    .filter((grinder) => {
      if (filters.paidOnly && !grinder.paid) return false;
      if (filters.tier && grinder.tier.toLowerCase() !== filters.tier.toLowerCase()) return false;
      if (!query) return true;
      return [grinder.userId, grinder.username ?? "", grinder.displayName ?? ""].some((field) =>
        field.toLowerCase().includes(query),
      );
    })
    .toSorted((a, b) => direction * compare(a, b) || b.hiredAt - a.hiredAt || a._id.localeCompare(b._id));
}

export interface RosterStats {
  total: number;
  paid: number;
  unpaid: number;
  onBreak: number;
  /** Σ of what every grinder owes per period. */
  totalPayments: number;
}

export function rosterStats(grinders: readonly Grinder[]): RosterStats {
  const paid = grinders.filter((grinder) => grinder.paid).length;
  return {
    total: grinders.length,
    paid,
    unpaid: grinders.length - paid,
    onBreak: grinders.filter(isOnBreak).length,
    totalPayments: grinders.reduce((sum, grinder) => sum + grinder.payment, 0),
  };
}
