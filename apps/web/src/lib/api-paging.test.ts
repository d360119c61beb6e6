import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "../test/api-mock";
import { apiAllPages, apiPage } from "./api-client";

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A list of `size` numbers served `limit` at a time from `cursor`, as the API pages. */
function serve(size: number) {
  return mockApi((url) => {
    if (url.pathname !== "/api/list") return undefined;
    const limit = Number(url.searchParams.get("limit") ?? 10);
    const offset = Number(url.searchParams.get("cursor") ?? 0);
    const items = Array.from({ length: Math.max(0, Math.min(limit, size - offset)) }, (_, i) => offset + i);
    const headers: Record<string, string> = { "x-total-count": String(size) };
    if (offset + items.length < size) headers["x-next-cursor"] = String(offset + items.length);
    return { body: items, headers };
  });
}

describe("paged API reads", () => {
  it("reads one page with its total and next cursor", async () => {
    serve(25);
    const first = await apiPage<number>("/api/list?limit=10", null);
    expect(first).toMatchObject({ items: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], total: 25, next: "10" });
    const last = await apiPage<number>("/api/list?limit=10", "20");
    expect(last).toMatchObject({ items: [20, 21, 22, 23, 24], total: 25, next: null });
  });

  it("follows X-Next-Cursor to the end, and stops at maxItems", async () => {
    const api = serve(25);
    expect(await apiAllPages<number>("/api/list?limit=10")).toEqual(Array.from({ length: 25 }, (_, i) => i));
    expect(api.mock.calls.map(([url]) => String(url))).toEqual([
      "/api/list?limit=10",
      "/api/list?limit=10&cursor=10",
      "/api/list?limit=10&cursor=20",
    ]);
    expect(await apiAllPages<number>("/api/list?limit=10", { maxItems: 12 })).toHaveLength(12);
  });

  it("reads a server that doesn't page (no headers) as one page", async () => {
    mockApi((url) => (url.pathname === "/api/old" ? { body: [1, 2, 3] } : undefined));
    expect(await apiAllPages<number>("/api/old")).toEqual([1, 2, 3]);
    expect(await apiPage<number>("/api/old", null)).toMatchObject({ total: null, next: null });
  });
});
