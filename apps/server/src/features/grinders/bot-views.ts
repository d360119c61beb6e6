import { abbreviateNumber, type Grinder, type ServerSetup } from "@hearth/core";
import type { Embed } from "../../discord/port/port.ts";

/** Embeds the grinder commands answer with. */

const color = 0x10b981;
export const seconds = (ms: number) => Math.floor(ms / 1000);
export const amount = (value: number) => abbreviateNumber(value);
/** How many rows a list embed shows (Discord allows 25 fields; lines stay well under 4096 characters). */
export const listLimit = 25;

export function statusLine(grinder: Grinder): string {
  if (grinder.onBreak) return "🌴 On a break";
  return grinder.paid ? "✅ Paid" : `❌ Unpaid · ${amount(grinder.remaining)} due`;
}

function breakLine(grinder: Grinder): string {
  if (!grinder.onBreak) return "Not on a break";
  const since = grinder.breakSince ? `since <t:${seconds(grinder.breakSince)}:R>` : "";
  const until = grinder.breakUntil
    ? `, tier role back <t:${seconds(grinder.breakUntil)}:R>`
    : ", until a manager ends it";
  return `On a break ${since}${until}`;
}

export function profileEmbed(grinder: Grinder, name: string): Embed {
  return {
    title: `${name} · grinder profile`,
    color: grinder.onBreak ? 0x60a5fa : grinder.paid ? color : 0xef4444,
    fields: [
      { name: "Tier", value: grinder.tier, inline: true },
      { name: "Payment owed", value: `${amount(grinder.payment)} per period`, inline: true },
      { name: "Status", value: statusLine(grinder), inline: true },
      {
        name: "Paid this period",
        value: `${amount(grinder.paidThisPeriod)} (period ends <t:${seconds(grinder.periodEnd)}:R>)`,
        inline: true,
      },
      { name: "Leftover", value: amount(grinder.leftoverPayment), inline: true },
      {
        name: "Hired",
        value: `<t:${seconds(grinder.hiredAt)}:D> (<t:${seconds(grinder.hiredAt)}:R>)${grinder.hiredBy ? ` by <@${grinder.hiredBy}>` : ""}`,
        inline: true,
      },
      { name: "Break", value: breakLine(grinder), inline: false },
      {
        name: "Last payment",
        value: grinder.lastPaymentTimestamp ? `<t:${seconds(grinder.lastPaymentTimestamp)}:R>` : "None yet",
        inline: true,
      },
    ],
  };
}

export function listEmbed(grinders: Grinder[], title: string): Embed {
  const shown = grinders.slice(0, listLimit);
  const lines = shown.map(
    (grinder, index) => `\`${index + 1}.\` <@${grinder.userId}> · ${grinder.tier} · ${statusLine(grinder)}`,
  );
  return {
    title,
    color,
    description: lines.join("\n") || "No grinders yet. Hire one with `/grinder add`.",
    footer: {
      text:
        grinders.length > shown.length
          ? `Showing ${shown.length} of ${grinders.length} grinders · the dashboard lists them all`
          : `${grinders.length} grinder${grinders.length === 1 ? "" : "s"}`,
    },
  };
}

interface Totals {
  grinders: number;
  paid: number;
  unpaid: number;
  onBreak: number;
  collected: number;
  due: number;
}

function totalsOf(grinders: Grinder[]): Totals {
  const active = grinders.filter((g) => !g.onBreak);
  return {
    grinders: grinders.length,
    paid: active.filter((g) => g.paid).length,
    unpaid: active.filter((g) => !g.paid).length,
    onBreak: grinders.length - active.length,
    collected: grinders.reduce((sum, g) => sum + g.paidThisPeriod, 0),
    due: active.reduce((sum, g) => sum + g.remaining, 0),
  };
}

const totalsText = (t: Totals) =>
  `${t.grinders} grinder${t.grinders === 1 ? "" : "s"} · ✅ ${t.paid} paid · ❌ ${t.unpaid} unpaid · 🌴 ${t.onBreak} on break\n` +
  `Collected this period: **${amount(t.collected)}** · still due: **${amount(t.due)}**`;

/**
 * `/grinder summary`: totals, then one row per tier. Rows sort by `payment` (collected, most first),
 * `hired` (most grinders first) or `tier` (the setup's order, the default).
 */
export function summaryEmbed(
  grinders: Grinder[],
  setup: ServerSetup,
  options: { tier?: string; sort?: string },
): Embed {
  const tiers = options.tier
    ? setup.tiers.filter((t) => t.toLowerCase() === options.tier?.toLowerCase())
    : setup.tiers;
  const rows = tiers.map((tier, position) => ({
    tier,
    position,
    owed: setup.payments[setup.tiers.indexOf(tier)] ?? 0,
    totals: totalsOf(grinders.filter((g) => g.tier.toLowerCase() === tier.toLowerCase())),
  }));
  const order: Record<string, (a: (typeof rows)[number], b: (typeof rows)[number]) => number> = {
    payment: (a, b) => b.totals.collected - a.totals.collected,
    hired: (a, b) => b.totals.grinders - a.totals.grinders,
    tier: (a, b) => a.position - b.position,
  };
  rows.sort(order[options.sort ?? "tier"] ?? order.tier);
  const inScope = options.tier
    ? grinders.filter((g) => g.tier.toLowerCase() === options.tier?.toLowerCase())
    : grinders;
  return {
    title: options.tier ? `Grinder summary · ${tiers[0] ?? options.tier}` : "Grinder summary",
    color,
    description: totalsText(totalsOf(inScope)),
    fields: rows.slice(0, listLimit).map((row) => ({
      name: `${row.tier} · ${amount(row.owed)} per period`,
      value: totalsText(row.totals),
    })),
  };
}
