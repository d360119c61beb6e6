import { describe, expect, it } from "vitest";
import { formatCsv, parseCsv, unsafeCell } from "./csv.ts";
import { editDistance, findItem, itemKey } from "./matching.ts";
import { priceQuestion } from "./questions.ts";
import { parseTradeSide, tradeVerdict } from "./trade.ts";

// Every text format the Market checker reads, with captured-style fixtures.

describe("price questions in chat", () => {
  it.each([
    ["pc gold bar", "gold bar"],
    ["PC Gold Bar?", "Gold Bar"],
    ["price of a trophy?", "trophy"],
    ["price check pepe crown", "pepe crown"],
    ["price lifesaver", "lifesaver"],
    ["trophy price?", "trophy"],
    ["how much is the pink rubber ducky worth?", "pink rubber ducky"],
    ["how much is a padlock", "padlock"],
    ["what's a landmine worth", "landmine"],
    ["whats bank note worth??", "bank note"],
    ["what is an apple worth?", "apple"],
    ["value of cookie", "cookie"],
    ["  pc   fishing   rod  ", "fishing rod"],
  ])("%j asks about %j", (message, item) => {
    expect(priceQuestion(message)).toBe(item);
  });

  it.each([
    "hello",
    "pc",
    "the price",
    "that price?",
    "what's up",
    "pc <@123456789012345678>",
    "pc https://example.com/x",
    "pc `code`",
    `pc ${"a".repeat(61)}`,
    "I think the price of gold bars went up a lot this week, didn't it, everyone? what do you think",
  ])("%j is not a price question", (message) => {
    expect(priceQuestion(message)).toBeNull();
  });
});

describe("item names", () => {
  const items = ["Gold Bar", "Gold Ring", "Trophy", "Pink Rubber Ducky", "Pepe Crown", "Apple"].map(
    (name) => ({
      key: itemKey(name),
      name,
    }),
  );
  const found = (query: string) => {
    const match = findItem(items, query);
    return match.item ? match.item.name : { suggestions: match.suggestions.map((item) => item.name) };
  };

  it("keys ignore case, accents, punctuation and spacing", () => {
    expect(itemKey("  Gold-Bar!! ")).toBe("gold bar");
    expect(itemKey("Pépé  Crown")).toBe("pepe crown");
  });

  it.each([
    ["gold bar", "Gold Bar"],
    ["GOLDBAR", "Gold Bar"],
    ["gold bars", "Gold Bar"],
    ["trophies", "Trophy"],
    ["trophys", "Trophy"],
    ["tropy", "Trophy"],
    ["pink rubber duck", "Pink Rubber Ducky"],
    ["ducky", "Pink Rubber Ducky"],
    ["pepe crwon", "Pepe Crown"],
    ["gold", { suggestions: ["Gold Bar", "Gold Ring"] }],
    ["banana", { suggestions: [] }],
  ])("%j finds %j", (query, expected) => {
    expect(found(query)).toEqual(expected);
  });

  it("measures edits with adjacent swaps as one", () => {
    expect(editDistance("crwon", "crown")).toBe(1);
    expect(editDistance("kitten", "sitting")).toBe(3);
    expect(editDistance("abc", "xyzabc", 1)).toBe(2);
  });
});

describe("trade sides", () => {
  it("reads items with quantities and coins", () => {
    expect(parseTradeSide("2 gold bar, 500k, trophy x3, 4x apple and 1,500 + pepe crown")).toEqual([
      { text: "2 gold bar", quantity: 2n, item: "gold bar", coins: 0n },
      { text: "500k", quantity: 1n, item: null, coins: 500_000n },
      { text: "trophy x3", quantity: 3n, item: "trophy", coins: 0n },
      { text: "4x apple", quantity: 4n, item: "apple", coins: 0n },
      { text: "1,500", quantity: 1n, item: null, coins: 1_500n },
      { text: "pepe crown", quantity: 1n, item: "pepe crown", coins: 0n },
    ]);
  });

  it("refuses empty sides, too many pieces and silly quantities", () => {
    expect(() => parseTradeSide(" , ")).toThrow("at least one");
    expect(() => parseTradeSide(Array(21).fill("apple").join(","))).toThrow("At most 20");
    expect(() => parseTradeSide("2m apple")).toThrow("quantity");
  });

  it.each([
    [100n, 100n, "fair", 0],
    [100n, 104n, "fair", 3.84],
    [100n, 110n, "slightly-for-you", 9.09],
    [110n, 100n, "slightly-against-you", 9.09],
    [100n, 200n, "for-you", 50],
    [300n, 100n, "against-you", 66.66],
  ])("give %s get %s: %s (%s%)", (give, get, verdict, percent) => {
    expect(tradeVerdict(give, get)).toEqual({ verdict, percent });
  });
});

describe("CSV", () => {
  it("reads quoted fields, both separators, a BOM and blank lines, with line numbers", () => {
    const text = '\uFEFFitem,price\r\n"Gold, Bar",1.5m\n\nTrophy;12000000\n"Say ""hi""",1\n';
    expect(parseCsv(text)).toEqual([
      { line: 1, cells: ["item", "price"] },
      { line: 2, cells: ["Gold, Bar", "1.5m"] },
      { line: 4, cells: ["Trophy", "12000000"] },
      { line: 5, cells: ['Say "hi"', "1"] },
    ]);
  });

  it("writes what it reads, defusing spreadsheet formulas", () => {
    const csv = formatCsv([
      { name: "Gold, Bar", price: 1_500_000n },
      { name: "=cmd", price: 2n },
    ]);
    expect(csv).toBe('item,price\n"Gold, Bar",1500000\n\'=cmd,2\n');
    const [, first, second] = parseCsv(csv);
    expect(first?.cells).toEqual(["Gold, Bar", "1500000"]);
    expect(unsafeCell(second?.cells[0] ?? "")).toBe("=cmd");
  });
});
