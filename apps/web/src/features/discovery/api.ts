import type { DiscoveryServer, DiscoveryTagCount } from "@hearth/core";
import { queryOptions } from "@tanstack/react-query";
import { apiGet } from "../../lib/api-client";

export interface DiscoverySearch {
  q: string;
  tag: string;
}

/** The directory, or a search of it when there is query text (`GET /api/discovery[/search]`). */
export function discoveryServersQuery({ q, tag }: DiscoverySearch) {
  return queryOptions({
    queryKey: ["discovery", "servers", { q, tag }],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams();
      if (q) params.set("q", q);
      if (tag) params.set("tag", tag);
      const search = params.size > 0 ? `?${params}` : "";
      return apiGet<DiscoveryServer[]>(
        q ? `/api/discovery/search${search}` : `/api/discovery${search}`,
        signal,
      );
    },
  });
}

export const discoveryTagsQuery = queryOptions({
  queryKey: ["discovery", "tags"],
  queryFn: ({ signal }) => apiGet<DiscoveryTagCount[]>("/api/discovery/tags", signal),
});
