import { z } from "zod";
import { marketImportMaxBytes } from "../limits/community.ts";
import { serverIdParams } from "./common.ts";

export { marketImportMaxBytes };

/*
 * The market price list on the dashboard (`/api/market/…`): the items `/market set` and
 * `/market remove` change, and the CSV files of `/market import` and `/market export`, through the
 * same service. Prices travel as strings of digits (up to 1,000T coins, past a JSON number's exact range).
 */

export const marketItem = z.object({
  /** The matching key (lower case, spacing folded): the item's id in URLs. */
  key: z.string(),
  name: z.string(),
  /** Whole coins, as digits. */
  price: z.string().regex(/^\d+$/),
  updatedAt: z.number().int(),
  updatedBy: z.string().nullable(),
});
export type MarketItemView = z.infer<typeof marketItem>;

/** `GET /api/market/:serverId/items`. */
export const marketItemList = z.object({
  items: z.array(marketItem),
  /** How many items the server may have (`serverCaps.marketItems`). */
  cap: z.number().int(),
});
export type MarketItemList = z.infer<typeof marketItemList>;

/** `PUT /api/market/:serverId/items`: add an item or change its price, as `/market set`. */
export const marketItemBody = z.object({
  name: z.string().max(200, "is too long (item names are 1 to 60 characters)"),
  /** As typed in Discord: `1500000`, `1.5m`, `2k*3`. */
  price: z.string().max(100, "is too long"),
});
export type MarketItemBody = z.infer<typeof marketItemBody>;

export const marketItemSaved = z.object({ item: marketItem, previous: z.string().nullable() });

export const marketItemParams = serverIdParams.extend({ key: z.string().min(1).max(100) });

/** `POST /api/market/:serverId/import[/preview]`: the CSV text, and whether items missing from it go. */
export const marketImportBody = z.object({
  csv: z.string().max(marketImportMaxBytes, "is over 256 KB"),
  /** Remove the items the file doesn't list (a full replace); otherwise they stay. */
  replace: z.boolean().default(false),
});
export type MarketImportBody = z.input<typeof marketImportBody>;

/** What an import changes (the dry run shows it; applying answers it). */
export const marketImportPlan = z.object({
  added: z.array(z.object({ name: z.string(), price: z.string() })),
  changed: z.array(z.object({ name: z.string(), from: z.string(), to: z.string() })),
  removed: z.array(z.object({ name: z.string(), price: z.string() })),
  unchanged: z.number().int(),
  /** Lines that can't be read; any refuses the whole file. */
  invalid: z.array(z.object({ line: z.number().int(), text: z.string(), reason: z.string() })),
  /** Items after the import, and whether that is over the server's cap (refused). */
  total: z.number().int(),
  overCap: z.boolean(),
  /** True when this plan was applied (the import); false for the dry run. */
  applied: z.boolean(),
});
export type MarketImportPlan = z.infer<typeof marketImportPlan>;

/** `GET /api/market/:serverId/export`. */
export const marketExport = z.object({ csv: z.string(), count: z.number().int() });
