import { abbreviateNumber } from "@hearth/core";

/** K above 1e3, M above 1e6, B above 1e9, one decimal (spec §9). */
export const abbreviate = abbreviateNumber;

export function formatAmount(value: number): string {
  return value.toLocaleString("en-US");
}

/** A whole-number percentage of `part` in `total`; 0 when there is nothing to divide. */
export function percentOf(part: number, total: number): number {
  return total > 0 ? Math.round((part / total) * 100) : 0;
}

/** `Jul 20, 2025`. */
export function shortDate(ms: number): string {
  return new Date(ms).toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric" });
}

/** `Jul 20, 2:30 PM`. */
export function shortDateTime(ms: number): string {
  return new Date(ms).toLocaleString("en-US", {
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });
}

const periodNouns: Record<string, string> = {
  daily: "day",
  weekly: "week",
  biweekly: "two weeks",
  monthly: "month",
};

/** `per week` for the setup's payment period. */
export function perPeriod(period: string | undefined): string {
  return `per ${period ? (periodNouns[period] ?? period) : "period"}`;
}

interface Named {
  id: string;
  name: string;
}

/**
 * Chat mentions made readable: `<#id>` → `#channel`, `<@&id>` → `@role`, `<@id>` → `@user`
 * (names of users are not known here).
 */
export function readableMentions(
  text: string,
  lookup: { channels?: readonly Named[]; roles?: readonly Named[] },
): string {
  return text
    .replace(/<#(\d{17,20})>/g, (match, id: string) => {
      const channel = lookup.channels?.find((candidate) => candidate.id === id);
      return channel ? `#${channel.name}` : match;
    })
    .replace(/<@&(\d{17,20})>/g, (match, id: string) => {
      const role = lookup.roles?.find((candidate) => candidate.id === id);
      return role ? `@${role.name}` : match;
    })
    .replace(/<@!?(\d{17,20})>/g, "@user");
}
