import type { Grinder } from "@hearth/core";
import type { Bot } from "../../bot/bot.ts";
import type { AppContext } from "../../context.ts";
import type { ButtonInteraction } from "../../discord/port/interaction.ts";
import type { Button, Embed, OutgoingMessage } from "../../discord/port/port.ts";
import { badRequest, forbidden } from "../../lib/errors.ts";
import { amount, profileEmbed, seconds } from "./bot-views.ts";
import { grinderBreakHistory, grinderPaymentHistory } from "./history.ts";
import { periodOf, requireActive } from "./roster.ts";
import { toGrinder } from "./view.ts";

/*
 * `/grinder profile` with the grinder's history under it: payments or breaks, 5 a page, with buttons
 * to switch and page. Only the member who ran the command pages it (the buttons name them).
 */

export const historyButtonPrefix = "grinder:history:";
const pageSize = 5;
type Kind = "payments" | "breaks";

interface HistoryView {
  grinderId: string;
  kind: Kind;
  page: number;
  viewerId: string;
}

/** Which button: its slot (s: switch, v: previous, n: next) keeps the ids of one message distinct. */
const buttonId = (slot: "s" | "v" | "n", view: HistoryView) =>
  `${historyButtonPrefix}${slot}${view.kind === "payments" ? "p" : "b"}:${view.grinderId}:${view.page}:${view.viewerId}`;

function parseButton(customId: string): HistoryView {
  const [tag = "", grinderId, page, viewerId] = customId.slice(historyButtonPrefix.length).split(":");
  const kind = tag.slice(1);
  const number = Number(page);
  if (!grinderId || !viewerId || !Number.isInteger(number) || number < 1 || (kind !== "p" && kind !== "b")) {
    throw badRequest("This button is out of date; run `/grinder profile` again.");
  }
  return { grinderId, kind: kind === "p" ? "payments" : "breaks", page: number, viewerId };
}

const by = (userId: string | null) => (userId ? ` by <@${userId}>` : "");

async function historyEmbed(
  deps: Pick<AppContext, "storage">,
  serverId: string,
  view: HistoryView,
): Promise<{ embed: Embed; pages: number }> {
  const query = { page: view.page, pageSize };
  let total: number;
  let lines: string[];
  if (view.kind === "payments") {
    const history = await grinderPaymentHistory(deps, serverId, view.grinderId, query);
    total = history.total;
    lines = history.items.map(
      (payment) =>
        `<t:${seconds(payment.createdAt)}:d> ${payment.action === "add" ? `+${amount(payment.amount)}` : `set to ${amount(payment.amount)}`} · period total ${amount(payment.periodTotal)}${by(payment.recordedBy)}`,
    );
  } else {
    const history = await grinderBreakHistory(deps, serverId, view.grinderId, query);
    total = history.total;
    lines = history.items.map(
      (event) =>
        `<t:${seconds(event.at)}:d> ${event.kind === "start" ? "Break started" : "Break ended"}${event.until ? ` (until <t:${seconds(event.until)}:f>)` : ""}${event.by ? by(event.by) : event.kind === "end" ? " (timed)" : ""}`,
    );
  }
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const empty = view.kind === "payments" ? "No payments recorded yet." : "No breaks yet.";
  return {
    pages,
    embed: {
      title: view.kind === "payments" ? "Payment history" : "Break history",
      description: lines.length ? lines.join("\n") : empty,
      color: 0x10b981,
      footer: { text: `Page ${Math.min(view.page, pages)} of ${pages} · ${total} in all` },
    },
  };
}

function historyButtons(view: HistoryView, pages: number): Button[][] {
  return [
    [
      {
        type: "button",
        style: view.kind === "payments" ? "primary" : "secondary",
        label: "Payments",
        customId: buttonId("s", { ...view, kind: "payments", page: 1 }),
        disabled: view.kind === "payments",
      },
      {
        type: "button",
        style: view.kind === "breaks" ? "primary" : "secondary",
        label: "Breaks",
        customId: buttonId("s", { ...view, kind: "breaks", page: 1 }),
        disabled: view.kind === "breaks",
      },
      {
        type: "button",
        style: "secondary",
        label: "Previous",
        customId: buttonId("v", { ...view, page: Math.max(1, view.page - 1) }),
        disabled: view.page <= 1,
      },
      {
        type: "button",
        style: "secondary",
        label: "Next",
        customId: buttonId("n", { ...view, page: Math.min(pages, view.page + 1) }),
        disabled: view.page >= pages,
      },
    ],
  ];
}

/** The profile message: the profile, one page of history, and the buttons. */
export async function profileWithHistory(
  deps: Pick<AppContext, "storage">,
  serverId: string,
  grinder: Grinder,
  name: string,
  view: Omit<HistoryView, "grinderId">,
): Promise<OutgoingMessage> {
  const full = { ...view, grinderId: grinder._id };
  const { embed, pages } = await historyEmbed(deps, serverId, full);
  return {
    embeds: [profileEmbed(grinder, name), embed],
    components: historyButtons(full, pages),
    allowedMentions: { users: [] },
  };
}

async function onHistoryButton(ctx: AppContext, interaction: ButtonInteraction): Promise<void> {
  const { guildId, user, customId } = interaction.data;
  if (!guildId) throw badRequest("Grinder profiles only work inside their server.");
  const view = parseButton(customId);
  if (view.viewerId !== user.id) {
    throw forbidden("Only the member who ran this `/grinder profile` can page it; run the command yourself.");
  }
  // The profile as it is now (an archived record has none left: the grinder was removed).
  const row = await requireActive(ctx, guildId, view.grinderId);
  const grinder = toGrinder(row, await periodOf(ctx, guildId), Date.now());
  const { embed, pages } = await historyEmbed(ctx, guildId, view);
  await interaction.update({
    embeds: [profileEmbed(grinder, row.display_name ?? row.username ?? "Grinder"), embed],
    components: historyButtons({ ...view, page: Math.min(view.page, pages) }, pages),
    allowedMentions: { users: [] },
  });
}

export function listenForHistoryButtons(bot: Bot, ctx: AppContext): () => void {
  bot.onButton(historyButtonPrefix, (interaction) => onHistoryButton(ctx, interaction));
  return () => undefined;
}
