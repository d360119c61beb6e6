/**
 * The price questions the Market checker answers in chat, all in one place (fixtures in
 * questions.test.ts). Case-insensitive, an optional trailing `?`:
 * - `pc <item>`, `price <item>`, `price of <item>`, `price check <item>`
 * - `<item> price`
 * - `how much is <item>`, `how much is <item> worth`
 * - `what's <item> worth`, `what is <item> worth`, `whats <item> worth`
 * - `value of <item>`
 * `a`, `an` or `the` before the item is dropped. Items are 1–60 characters with no mentions,
 * links or code; anything else is ordinary chat.
 */
const patterns: readonly RegExp[] = [
  /^(?:pc|price\s+check|price\s+of|price)\s+(?<item>.+)$/i,
  /^(?<item>.+?)\s+price$/i,
  /^how\s+much\s+(?:is|are)\s+(?<item>.+?)(?:\s+worth)?$/i,
  /^(?:what'?s|what\s+is|what\s+are)\s+(?<item>.+?)\s+worth$/i,
  /^value\s+of\s+(?<item>.+)$/i,
];

/**
 * What every pattern above needs (its first word, or `price` last): most chat fails this one test
 * and never reaches the five patterns.
 */
const mayAsk = /^(?:pc\s|price|how\s|what|value\s)|\sprice$/i;

/** The item a chat message asks the price of, or null when it isn't a price question. */
export function priceQuestion(content: string): string | null {
  const text = content
    .trim()
    .replace(/\s*\?+$/, "")
    .replace(/\s+/g, " ");
  if (text.length === 0 || text.length > 80 || !mayAsk.test(text)) return null;
  for (const pattern of patterns) {
    const item = pattern
      .exec(text)
      ?.groups?.item?.replace(/^(?:a|an|the)\s+/i, "")
      .trim();
    if (item === undefined) continue;
    if (
      item.length === 0 ||
      /^(?:a|an|the|it|this|that)$/i.test(item) ||
      item.length > 60 ||
      /[<>@`]|https?:|[\n\r]/i.test(item)
    )
      return null;
    return item;
  }
  return null;
}
