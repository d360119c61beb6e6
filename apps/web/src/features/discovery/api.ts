import type { DiscoveryServer, DiscoveryTagCount } from "@hearth/core";
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { type ApiPage, apiGet, apiPage } from "../../lib/api-client";

export interface DiscoverySearch {
  q: string;
  tag: string;
}

/** Servers per page of the directory. */
export const DISCOVERY_PAGE_SIZE = 24;

/**
 * The directory, or a search of it when there is query text (`GET /api/discovery[/search]`), a
 * page at a time (following `X-Next-Cursor`).
 */
export function discoveryServersQuery({ q, tag }: DiscoverySearch) {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (tag) params.set("tag", tag);
  params.set("limit", String(DISCOVERY_PAGE_SIZE));
  const path = q ? `/api/discovery/search?${params}` : `/api/discovery?${params}`;
  return infiniteQueryOptions({
    queryKey: ["discovery", "servers", { q, tag }],
    queryFn: ({ signal, pageParam }): Promise<ApiPage<DiscoveryServer>> =>
      apiPage<DiscoveryServer>(path, pageParam, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });
}

export const discoveryTagsQuery = queryOptions({
  queryKey: ["discovery", "tags"],
  queryFn: ({ signal }) => apiGet<DiscoveryTagCount[]>("/api/discovery/tags", signal),
});
