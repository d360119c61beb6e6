import type { StatsResponse } from "@hearth/core";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../lib/api-client";

export const statsQuery = queryOptions({
  queryKey: ["stats"],
  queryFn: ({ signal }) => apiGet<StatsResponse>("/api/stats", signal),
  staleTime: 60_000,
});

export function useStats() {
  return useQuery(statsQuery);
}
