import { type CommandContext, defineCommand } from "../../bot/commands/command.ts";
import type { Embed } from "../../discord/port/port.ts";
import { badRequest } from "../../lib/errors.ts";
import type { BotFeature } from "../feature.ts";
import { exportPrices, importPrices } from "./import-export.ts";
import {
  answerChannels,
  answerPriceQuestion,
  checkTrade,
  coinsText,
  fairness,
  listMarket,
  lookupItem,
  marketItemLimit,
  type PricedPiece,
  removeItem,
  setAnswerChannel,
  setItemPrice,
  type TradeCheck,
} from "./service.ts";

const actor = (command: CommandContext) => ({ tokenId: null, userId: command.user.id });
const pageSize = 20;
const fit = (lines: string[], limit: number) => {
  const kept: string[] = [];
  let length = 0;
  for (const line of lines) {
    if (length + line.length + 1 > limit - 20) {
      kept.push(`… and ${lines.length - kept.length} more`);
      break;
    }
    kept.push(line);
    length += line.length + 1;
  }
  return kept.join("\n");
};

const pieceLine = (piece: PricedPiece) =>
  piece.name === null
    ? `${coinsText(piece.coins)} coins`
    : `${piece.quantity > 1n ? `${piece.quantity} × ` : ""}${piece.name} — ${coinsText(piece.value)}`;

const verdicts: Record<TradeCheck["verdict"], string> = {
  fair: "⚖️ **Fair trade**",
  "slightly-for-you": "👍 **Slightly in your favour**",
  "slightly-against-you": "🤏 **Slightly against you**",
  "for-you": "✅ **You win this trade**",
  "against-you": "❌ **You overpay**",
};

function tradeEmbed(check: TradeCheck): Embed {
  const { difference } = check;
  const sign = difference > 0n ? "+" : "−";
  const magnitude = difference < 0n ? -difference : difference;
  return {
    title: "Trade check",
    color: check.verdict === "fair" ? 0x22c55e : check.verdict.endsWith("against-you") ? 0xef4444 : 0xf97316,
    description:
      difference === 0n
        ? `${verdicts[check.verdict]}: both sides are worth the same.`
        : `${verdicts[check.verdict]}: you ${difference > 0n ? "get" : "give"} ${sign}${coinsText(magnitude)} more in value (${check.percent}% of the larger side).`,
    fields: [
      {
        name: `You give: ${coinsText(check.give.total).replaceAll("**", "")}`,
        value: fit(check.give.pieces.map(pieceLine), 1024),
      },
      {
        name: `You get: ${coinsText(check.get.total).replaceAll("**", "")}`,
        value: fit(check.get.pieces.map(pieceLine), 1024),
      },
    ],
    footer: {
      text: `Fair within ${fairness.fairPercent}% of the larger side, "slightly" up to ${fairness.slightPercent}%. Prices from this server's /market list.`,
    },
  };
}

export const marketCommands = () => [
  defineCommand(
    "market price",
    async (command) => {
      const query = command.options.requireString("item");
      const match = await lookupItem(command.ctx, command.serverId, query);
      if (!match.item) {
        const hint = match.suggestions
          .map((item) => `**${item.name}** (${coinsText(item.price)})`)
          .join(", ");
        throw badRequest(
          `"${query.trim()}" isn't on this server's price list.${hint ? ` Close: ${hint}.` : ""}`,
          "item",
        );
      }
      await command.reply({
        content: `💰 **${match.item.name}**: ${coinsText(match.item.price)}`,
        allowedMentions: {},
      });
    },
    { ephemeral: false },
  ),
  defineCommand(
    "market check",
    async (command) => {
      const check = await checkTrade(command.ctx, command.serverId, {
        give: command.options.requireString("give"),
        get: command.options.requireString("get"),
      });
      await command.reply({ embeds: [tradeEmbed(check)], allowedMentions: {} });
    },
    { ephemeral: false },
  ),
  defineCommand("market list", async (command) => {
    const items = await listMarket(command.ctx, command.serverId);
    if (items.length === 0) {
      await command.reply(
        "The price list is empty. Managers add items with `/market set` or `/market import`.",
      );
      return;
    }
    const pages = Math.ceil(items.length / pageSize);
    const page = Math.min(command.options.number("page") ?? 1, pages);
    const shown = items.slice((page - 1) * pageSize, page * pageSize);
    const channels = await answerChannels(command.ctx, command.serverId);
    await command.reply({
      embeds: [
        {
          title: `Price list (${items.length})`,
          color: 0xf97316,
          description: shown.map((item) => `**${item.name}** — ${coinsText(item.price)}`).join("\n"),
          footer: {
            text: `Page ${page} of ${pages} · price questions answered in ${channels.length ? `${channels.length} channel(s)` : "every channel"}`,
          },
        },
      ],
    });
  }),
  defineCommand("market set", async (command) => {
    const { item, previous } = await setItemPrice(
      command.ctx,
      command.serverId,
      { name: command.options.requireString("item"), price: command.options.requireString("price") },
      actor(command),
    );
    await command.reply(
      previous === null
        ? `Added **${item.name}** at ${coinsText(item.price)}.`
        : `**${item.name}** now costs ${coinsText(item.price)} (was ${coinsText(previous)}).`,
    );
  }),
  defineCommand("market remove", async (command) => {
    const item = await removeItem(
      command.ctx,
      command.serverId,
      command.options.requireString("item"),
      actor(command),
    );
    await command.reply(`Removed **${item.name}** from the price list.`);
  }),
  defineCommand("market import", async (command) => {
    const file = command.options.attachment("file");
    if (!file) throw badRequest("Attach a .csv file of item,price lines.", "file");
    const { added, updated } = await importPrices(command.ctx, command.serverId, file, actor(command));
    await command.reply(
      `Imported **${file.filename}**: ${added} added, ${updated} updated (limit ${marketItemLimit.toLocaleString("en-US")} items).`,
    );
  }),
  defineCommand("market export", async (command) => {
    const { csv, count } = await exportPrices(command.ctx, command.serverId);
    await command.reply({
      content: `The price list: ${count} item${count === 1 ? "" : "s"}. Edit it and send it back with \`/market import\`.`,
      files: [{ name: "market-prices.csv", data: csv, contentType: "text/csv; charset=utf-8" }],
    });
  }),
  defineCommand("market channel", async (command) => {
    const channelId = command.options.requireId("channel");
    const enabled = command.options.boolean("enabled") ?? true;
    const channels = await setAnswerChannel(
      command.ctx,
      command.serverId,
      channelId,
      enabled,
      actor(command),
    );
    const where = channels.length
      ? channels.map((id) => `<#${id}>`).join(", ")
      : "every channel (none chosen)";
    await command.reply(
      `${enabled ? "Added" : "Removed"} <#${channelId}>. Price questions are answered in: ${where}. The Market checker switch must be on too.`,
    );
  }),
];

/** `/market …`, and price questions in chat while the Market checker switch is on. */
export const marketBot: BotFeature = {
  commands: () => marketCommands(),
  listeners: (bot, ctx) =>
    bot.events.on("messageCreate", async (message) => {
      await answerPriceQuestion(ctx, message);
    }),
};
