import type { AppContext } from "../../context.ts";
import { demoGuildId, demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { setItemPrice } from "./service.ts";

/** The demo server's price list: items a grinding server trades, so /market and "pc …" answer. */
const demoPrices: readonly [string, string][] = [
  ["Gold Bar", "1.5m"],
  ["Trophy", "12m"],
  ["Pepe Crown", "850m"],
  ["Lifesaver", "150k"],
  ["Padlock", "25k"],
  ["Landmine", "40k"],
  ["Bank Note", "210k"],
  ["Fishing Rod", "25k"],
  ["Hunting Rifle", "25k"],
  ["Cookie", "2.5k"],
  ["Apple", "9k"],
  ["Pink Rubber Ducky", "1.2m"],
];

export async function seedDemo(ctx: AppContext): Promise<void> {
  const actor = { tokenId: null, userId: demoOwnerId };
  for (const [name, price] of demoPrices) await setItemPrice(ctx, demoGuildId, { name, price }, actor);
}
