import { CalcError, calculate, formatRational, rationals, serverCaps } from "@hearth/core";
import type { AppContext } from "../../context.ts";
import type { Storage } from "../../db/database.ts";
import { transactionForServer } from "../../db/locks.ts";
import type { MessageEvent } from "../../discord/port/events.ts";
import { DiscordError } from "../../discord/port/port.ts";
import { requireTextChannel } from "../../discord/port/validate.ts";
import { checkCap } from "../../lib/caps.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import { ServerConfigCache, serverConfigChanged } from "../../lib/server-config-cache.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";
import { isEnabled } from "../settings/service.ts";
import { findItem, type ItemMatch, itemKey } from "./matching.ts";
import { priceQuestion } from "./questions.ts";
import * as store from "./store.ts";
import { parseTradeSide, type TradePiece, type TradeVerdict, tradeVerdict } from "./trade.ts";

export type { MarketItem } from "./store.ts";
export { fairness } from "./trade.ts";

type Deps = Pick<AppContext, "storage" | "discord">;

/** At most this many items per server (`serverCaps.marketItems`). */
export const marketItemLimit = serverCaps.marketItems.max;
/** Prices are whole coins from 1 to 1,000T. */
const maxPrice = 10n ** 15n;

/**
 * A server's price list and answer channels in memory, read by every price question and
 * `/market price`. A change here drops it at once, other processes hear through Redis
 * (`lib/server-config-cache.ts`), and without that message it is trusted this long.
 */
export const priceListCacheTtlMs = 15_000;

const priceLists = new ServerConfigCache<Storage, { items: store.MarketItem[]; channels: string[] }>(
  "price lists",
  priceListCacheTtlMs,
  async (storage, serverId) => {
    const [items, channels] = await Promise.all([
      store.listItems(storage.db, serverId),
      store.listChannels(storage.db, serverId),
    ]);
    return { items, channels };
  },
);

/** Runs a change of the price list or answer channels, then has every process forget the cached copy. */
export async function changing<T>(serverId: string, change: Promise<T>): Promise<T> {
  const result = await change;
  serverConfigChanged(serverId);
  return result;
}

/** An amount as members read it: `1.5M` with every digit when they differ. */
export function coinsText(amount: bigint): string {
  const { short, full } = formatRational(rationals.rational(amount));
  return short === full ? `**${short}**` : `**${short}** (${full})`;
}

export function checkedName(raw: string, field = "item"): { name: string; key: string } {
  const name = raw.trim().replace(/\s+/g, " ");
  if (name.length === 0 || name.length > 60) throw badRequest("Item names are 1 to 60 characters.", field);
  if (/[<>@`\n\r]/.test(name))
    throw badRequest("Item names can't hold mentions, code or line breaks.", field);
  const key = itemKey(name);
  if (!key) throw badRequest("Item names need a letter or a digit.", field);
  return { name, key };
}

export function checkedPrice(raw: string, field = "price"): bigint {
  let value: rationals.Rational;
  try {
    value = calculate(raw);
  } catch (error) {
    if (error instanceof CalcError) throw badRequest(`**${field}**: ${error.message}.`, field);
    throw error;
  }
  if (!rationals.isInteger(value) || value.n < 1n || value.n > maxPrice) {
    throw badRequest("Prices are whole coins from 1 to 1,000T.", field);
  }
  return value.n;
}

export const listMarket = (deps: Pick<AppContext, "storage">, serverId: string) =>
  store.listItems(deps.storage.db, serverId);

/** `/market set`: adds an item or changes its price (audited). */
export async function setItemPrice(
  deps: Pick<AppContext, "storage">,
  serverId: string,
  input: { name: string; price: string },
  actor: AuditActor,
): Promise<{ item: store.MarketItem; previous: bigint | null }> {
  const { name, key } = checkedName(input.name);
  const price = checkedPrice(input.price);
  return changing(
    serverId,
    transactionForServer(deps.storage, serverId, "market", async (trx) => {
      const existing = await store.findItemByKey(trx, serverId, key);
      if (!existing) checkCap(serverCaps.marketItems, await store.countItems(trx, serverId), "item");
      const item = { key, name, price, updatedAt: Date.now(), updatedBy: actor.userId };
      await store.upsertItems(trx, serverId, [item]);
      await recordAudit(trx, serverId, actor, "market.set", {
        item: name,
        before: existing?.price.toString() ?? null,
        after: price.toString(),
      });
      return { item, previous: existing?.price ?? null };
    }),
  );
}

/** `/market remove`: by exact name (any case or spacing); a near miss answers suggestions instead. */
export async function removeItem(
  deps: Pick<AppContext, "storage">,
  serverId: string,
  rawName: string,
  actor: AuditActor,
): Promise<store.MarketItem> {
  const { key } = checkedName(rawName);
  return changing(
    serverId,
    transactionForServer(deps.storage, serverId, "market", async (trx) => {
      const existing = await store.findItemByKey(trx, serverId, key);
      if (!existing) {
        const match = findItem(await store.listItems(trx, serverId), rawName);
        const hint = match.item ? [match.item] : match.suggestions;
        throw notFound(
          `"${rawName.trim()}" isn't on the price list.${hint.length ? ` Did you mean ${hint.map((i) => `**${i.name}**`).join(" or ")}?` : ""}`,
        );
      }
      await store.deleteItem(trx, serverId, key);
      await recordAudit(trx, serverId, actor, "market.remove", { item: existing.name });
      return existing;
    }),
  );
}

/** `/market price` and chat questions: the item meant, or suggestions. */
export async function lookupItem(
  deps: Pick<AppContext, "storage">,
  serverId: string,
  query: string,
): Promise<ItemMatch<store.MarketItem>> {
  return findItem((await priceLists.get(deps.storage, serverId)).items, query);
}

export interface PricedPiece extends TradePiece {
  /** The item found (null for coins). */
  name: string | null;
  value: bigint;
}

export interface TradeCheck {
  give: { pieces: PricedPiece[]; total: bigint };
  get: { pieces: PricedPiece[]; total: bigint };
  /** What you get minus what you give. */
  difference: bigint;
  verdict: TradeVerdict;
  percent: number;
}

/** `/market check`: values both sides from the price list; unknown items are named with suggestions. */
export async function checkTrade(
  deps: Pick<AppContext, "storage">,
  serverId: string,
  input: { give: string; get: string },
): Promise<TradeCheck> {
  const items = await store.listItems(deps.storage.db, serverId);
  const unknown: string[] = [];
  const price = (field: "give" | "get", text: string) => {
    let pieces: TradePiece[];
    try {
      pieces = parseTradeSide(text);
    } catch (error) {
      throw badRequest(`**${field}**: ${(error as Error).message}`, field);
    }
    const priced = pieces.map((piece): PricedPiece => {
      if (piece.item === null) return { ...piece, name: null, value: piece.coins };
      const match = findItem(items, piece.item);
      if (!match.item) {
        const hint = match.suggestions.map((i) => i.name).join(", ");
        unknown.push(`"${piece.item}"${hint ? ` (did you mean ${hint}?)` : ""}`);
        return { ...piece, name: null, value: 0n };
      }
      return { ...piece, name: match.item.name, value: match.item.price * piece.quantity };
    });
    return { pieces: priced, total: priced.reduce((sum, piece) => sum + piece.value, 0n) };
  };
  const give = price("give", input.give);
  const get = price("get", input.get);
  if (unknown.length > 0) {
    throw badRequest(`Not on the price list: ${unknown.join("; ")}. Managers add items with /market set.`);
  }
  const { verdict, percent } = tradeVerdict(give.total, get.total);
  return { give, get, difference: get.total - give.total, verdict, percent };
}

/** `/market channel`: where price questions are answered (none listed: every channel). */
export async function setAnswerChannel(
  deps: Deps,
  serverId: string,
  channelId: string,
  enabled: boolean,
  actor: AuditActor,
): Promise<string[]> {
  if (enabled) await requireTextChannel(deps, serverId, channelId, "channel");
  return changing(
    serverId,
    transactionForServer(deps.storage, serverId, "market", async (trx) => {
      if (await store.setChannel(trx, serverId, channelId, enabled)) {
        await recordAudit(trx, serverId, actor, enabled ? "market.channel.add" : "market.channel.remove", {
          channelId,
        });
      }
      return store.listChannels(trx, serverId);
    }),
  );
}

export const answerChannels = (deps: Pick<AppContext, "storage">, serverId: string) =>
  store.listChannels(deps.storage.db, serverId);

/**
 * The Market checker switch: answers a price question (`questions.ts`) in an answer channel (or
 * anywhere when none is chosen) as a reply that pings no one. Unknown items with close names get
 * suggestions; anything else stays quiet (chat like "price went up" isn't a question to us).
 */
export async function answerPriceQuestion(
  ctx: Pick<AppContext, "storage" | "discord" | "logger">,
  message: MessageEvent,
): Promise<boolean> {
  if (!message.guildId || message.author.bot || message.webhookId) return false;
  const query = priceQuestion(message.content);
  if (!query) return false;
  if (!(await isEnabled(ctx, message.guildId, "marketCheckerEnabled"))) return false;
  const { channels, items } = await priceLists.get(ctx.storage, message.guildId);
  if (channels.length > 0 && !channels.includes(message.channelId)) return false;
  const match = findItem(items, query);
  const content = match.item
    ? `💰 **${match.item.name}**: ${coinsText(match.item.price)}`
    : match.suggestions.length > 0
      ? `"${query}" isn't on the price list. Did you mean ${match.suggestions.map((i) => `**${i.name}**`).join(", ")}?`
      : null;
  if (!content) return false;
  try {
    await ctx.discord.sendMessage(message.channelId, { content, replyTo: message.id, allowedMentions: {} });
    return true;
  } catch (error) {
    if (!(error instanceof DiscordError)) throw error;
    ctx.logger.debug({ err: error, channelId: message.channelId }, "market answer not sent");
    return false;
  }
}
