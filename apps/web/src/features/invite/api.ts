import type { InviteResponse } from "@hearth/core";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../lib/api-client";

export const inviteQuery = queryOptions({
  queryKey: ["invite"],
  queryFn: ({ signal }) => apiGet<InviteResponse>("/api/invite", signal),
  staleTime: 5 * 60_000,
});

export function useInvite() {
  return useQuery(inviteQuery);
}
