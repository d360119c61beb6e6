import { CalcError, calculate, rationals } from "@hearth/core";

/** One side of a trade as typed: `2 gold bar, 500k, trophy x3`. */
export interface TradePiece {
  /** The text as typed, for messages. */
  text: string;
  quantity: bigint;
  /** The item's name as typed, or null for coins. */
  item: string | null;
  /** Coins (for coin pieces). */
  coins: bigint;
}

const maxQuantity = 1_000_000n;

/** Separators between pieces: `,` `;` `+` `&` or `and` (a comma inside a number like 1,500 is kept). */
const separators = /(?<!\d),|,(?!\d{3}(?!\d))|;|\+|&|\band\b/i;

function wholeAmount(text: string): bigint | null {
  try {
    const value = calculate(text);
    return rationals.isInteger(value) && value.n >= 0n ? value.n : null;
  } catch (error) {
    if (error instanceof CalcError) return null;
    throw error;
  }
}

/**
 * Reads one side: each piece is coins (`500k`), `<quantity> <item>` (`2 gold bar`, `2x gold bar`),
 * `<item> x<quantity>` or just `<item>` (one). Throws a message naming the piece it can't read.
 */
export function parseTradeSide(text: string): TradePiece[] {
  const pieces = text
    .split(separators)
    .map((piece) => piece.trim())
    .filter(Boolean);
  if (pieces.length === 0) throw new Error("Name at least one item or amount.");
  if (pieces.length > 20) throw new Error("At most 20 items on each side.");
  return pieces.map((piece) => {
    const coins = /^[\d.,]+[kmbt]?$/i.test(piece) ? wholeAmount(piece) : null;
    if (coins !== null) return { text: piece, quantity: 1n, item: null, coins };
    const leading = /^(\d[\d,]*[kmbt]?)\s*[x×*]?\s+(.+)$/i.exec(piece) ?? /^(\d+)[x×*](\D.*)$/i.exec(piece);
    const trailing = /^(.+?)\s*[x×*]\s*(\d[\d,]*[kmbt]?)$/i.exec(piece);
    const [quantityText, item] = leading
      ? [leading[1], leading[2]]
      : trailing
        ? [trailing[2], trailing[1]]
        : ["1", piece];
    const quantity = wholeAmount(quantityText ?? "1");
    if (quantity === null || quantity < 1n || quantity > maxQuantity) {
      throw new Error(`"${piece}": the quantity must be a whole number from 1 to 1,000,000.`);
    }
    return { text: piece, quantity, item: (item ?? piece).trim(), coins: 0n };
  });
}

/** Fair within 5% of the larger side; "slightly" up to 15%; beyond that one side clearly wins. */
export const fairness = { fairPercent: 5, slightPercent: 15 } as const;

export type TradeVerdict = "fair" | "slightly-for-you" | "slightly-against-you" | "for-you" | "against-you";

/** The verdict for the one who gives `give` and gets `get` (both in coins). */
export function tradeVerdict(give: bigint, get: bigint): { verdict: TradeVerdict; percent: number } {
  const larger = give > get ? give : get;
  if (larger === 0n) return { verdict: "fair", percent: 0 };
  const difference = get > give ? get - give : give - get;
  // Basis points, exact in bigint, then a percentage with two decimals.
  const percent = Number((difference * 10_000n) / larger) / 100;
  if (percent <= fairness.fairPercent) return { verdict: "fair", percent };
  const forYou = get > give;
  if (percent <= fairness.slightPercent)
    return { verdict: forYou ? "slightly-for-you" : "slightly-against-you", percent };
  return { verdict: forYou ? "for-you" : "against-you", percent };
}
