import { z } from "zod";

/**
 * Paging of the list routes (public giveaways, discovery, grinders). The body stays the list the
 * spec describes (a JSON array); a page is chosen with `limit` and `cursor` query parameters and
 * described by response headers, so a client that ignores them still reads a valid list:
 *
 * - `X-Total-Count`: how many items match the query across every page;
 * - `X-Next-Cursor`: the `cursor` of the next page, absent on the last one;
 * - `Link: <…?cursor=…>; rel="next"`: the same, as a URL.
 *
 * A cursor is opaque: pass back the value the previous answer gave.
 */
export const pagingHeaders = {
  total: "x-total-count",
  next: "x-next-cursor",
} as const;

/** Default and largest page of each list. */
export const pageSizes = {
  giveaways: { default: 24, max: 100 },
  discovery: { default: 24, max: 100 },
  grinders: { default: 100, max: 500 },
} as const;

/** The largest offset a cursor may carry (lists are capped far below it). */
const cursorMax = 1_000_000;

/** `limit` and `cursor` of a list with the given page sizes. */
export function pageQuery(sizes: { default: number; max: number }) {
  return z.object({
    /** Items per page (default and maximum per list). */
    limit: z.coerce
      .number()
      .int("must be a whole number")
      .min(1, "must be at least 1")
      .max(sizes.max, `must be at most ${sizes.max}`)
      .default(sizes.default),
    /** The `X-Next-Cursor` of the previous page; absent for the first. */
    cursor: z
      .string()
      .regex(/^\d{1,7}$/, "must be the X-Next-Cursor value of the previous page")
      .refine((value) => Number(value) <= cursorMax, "must be the X-Next-Cursor value of the previous page")
      .optional(),
  });
}
export type PageQuery = { limit: number; cursor?: string | undefined };

/** The first item's index of a page. */
export function pageOffset(page: PageQuery): number {
  return page.cursor === undefined ? 0 : Number(page.cursor);
}

/** A page of a list with what the headers say about it. */
export interface Page<T> {
  items: T[];
  total: number;
  /** The next page's cursor, or null on the last page. */
  next: string | null;
}

/** Cuts a page out of a whole (already ordered) list. */
export function pageOf<T>(all: readonly T[], page: PageQuery): Page<T> {
  const offset = pageOffset(page);
  const items = all.slice(offset, offset + page.limit);
  return { items, total: all.length, next: nextCursor(offset, items.length, all.length) };
}

/** The cursor after a page of `count` items starting at `offset`, or null when none follow. */
export function nextCursor(offset: number, count: number, total: number): string | null {
  return offset + count < total && count > 0 ? String(offset + count) : null;
}
