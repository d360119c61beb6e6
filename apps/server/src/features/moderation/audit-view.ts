import type { Button, Embed, OutgoingMessage } from "../../discord/port/port.ts";
import type { CaseAction, ModerationCase } from "./store.ts";

const actionLabels: Record<CaseAction, string> = {
  ban: "🔨 Ban",
  kick: "👢 Kick",
  timeout: "⏳ Timeout",
  unban: "🔓 Unban",
  warn: "⚠️ Warn",
};

export const auditButtonPrefix = "modaudit";

/** A page of the audit, encoded in the button so any process can render the next one. */
export interface AuditPage {
  page: number;
  userId?: string;
  action?: CaseAction;
}

export function auditCustomId(view: AuditPage): string {
  return `${auditButtonPrefix}:${view.page}:${view.userId ?? "-"}:${view.action ?? "-"}`;
}

export function parseAuditCustomId(customId: string): AuditPage | null {
  const [prefix, page, userId, action] = customId.split(":");
  if (prefix !== auditButtonPrefix || !page || !/^\d+$/.test(page)) return null;
  return {
    page: Number(page),
    ...(userId && userId !== "-" ? { userId } : {}),
    ...(action && action !== "-" ? { action: action as CaseAction } : {}),
  };
}

const seconds = (ms: number) => Math.floor(ms / 1000);

function formatSpan(ms: number): string {
  const units: [number, string][] = [
    [86_400_000, "d"],
    [3_600_000, "h"],
    [60_000, "m"],
  ];
  for (const [size, unit] of units) if (ms >= size && ms % size === 0) return `${ms / size}${unit}`;
  return `${Math.round(ms / 60_000)}m`;
}

export function caseLine(entry: ModerationCase): string {
  const by = entry.moderatorId ? `<@${entry.moderatorId}>` : "Hearth";
  const lines = [
    `**#${entry.caseNumber}** ${actionLabels[entry.action]} · <@${entry.targetId}>${
      entry.targetName ? ` (${entry.targetName})` : ""
    } · by ${by} · <t:${seconds(entry.createdAt)}:R>`,
  ];
  if (entry.durationMs !== null && entry.expiresAt !== null) {
    lines.push(`Duration ${formatSpan(entry.durationMs)}, ends <t:${seconds(entry.expiresAt)}:R>`);
  }
  lines.push(entry.reason ? `Reason: ${entry.reason}` : "No reason given");
  return lines.join("\n");
}

export function auditMessage(
  view: AuditPage,
  result: { cases: ModerationCase[]; total: number; pages: number },
): OutgoingMessage {
  const filters = [view.userId ? `<@${view.userId}>` : null, view.action ?? null].filter(Boolean);
  const embed: Embed = {
    title: "Moderation cases",
    color: 0x3b82f6,
    description:
      result.cases.length === 0
        ? "No cases match."
        : `${filters.length ? `Filtered by ${filters.join(", ")}\n\n` : ""}${result.cases.map(caseLine).join("\n\n")}`,
    footer: {
      text: `Page ${view.page + 1} of ${result.pages} · ${result.total} case${result.total === 1 ? "" : "s"}`,
    },
  };
  if (result.pages <= 1) return { embeds: [embed] };
  const button = (label: string, page: number, disabled: boolean): Button => ({
    type: "button",
    style: "secondary",
    label,
    customId: auditCustomId({ ...view, page }),
    disabled,
  });
  return {
    embeds: [embed],
    components: [
      [
        button("◀ Newer", view.page - 1, view.page === 0),
        button("Older ▶", view.page + 1, view.page + 1 >= result.pages),
      ],
    ],
  };
}
