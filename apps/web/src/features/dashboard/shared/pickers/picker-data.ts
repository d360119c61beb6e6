import type { Channel, DashboardMember, MembersResponse } from "@hearth/core";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { dashboardRequest } from "../../../../lib/api-client";
import { retryTransient } from "../errors";
import { dashboardKeys } from "../query-keys";

/** How many members one search shows; typing more narrows it. */
export const memberSearchLimit = 25;

/** The member picker's search (`GET /api/dashboard/members`), kept while the next one loads. */
export function memberSearchQuery(serverId: string, query: string) {
  return queryOptions({
    queryKey: [...dashboardKeys.members(serverId), "search", query] as const,
    queryFn: ({ signal }) =>
      dashboardRequest<MembersResponse>(
        `/api/dashboard/members?query=${encodeURIComponent(query)}&limit=${memberSearchLimit}`,
        { signal },
      ),
    retry: retryTransient,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

/** The members behind ids already chosen, for their names and avatars (ids sorted: one cache entry per set). */
export function membersByIdQuery(serverId: string, ids: readonly string[]) {
  const sorted = [...new Set(ids)].sort();
  return queryOptions({
    queryKey: [...dashboardKeys.members(serverId), "ids", sorted.join(",")] as const,
    queryFn: async ({ signal }) =>
      sorted.length === 0
        ? []
        : (
            await dashboardRequest<MembersResponse>(`/api/dashboard/members?ids=${sorted.join(",")}`, {
              signal,
            })
          ).members,
    retry: retryTransient,
    staleTime: 5 * 60_000,
  });
}

/** A chosen id the server no longer knows: shown as such, never as a blank. */
export function unknownMember(id: string): DashboardMember {
  return {
    id,
    username: `unknown (${id.slice(-4)})`,
    displayName: "Unknown member",
    nick: null,
    avatarUrl: null,
    bot: false,
  };
}

/** The channel kinds a picker can offer, as Discord's channel types. */
export const channelKinds = {
  text: [0],
  voice: [2, 13],
  category: [4],
  announcement: [5],
  forum: [15],
} as const;
export type ChannelKind = keyof typeof channelKinds;

export function channelOfKinds(channel: Channel, kinds: readonly ChannelKind[]): boolean {
  return kinds.some((kind) => (channelKinds[kind] as readonly number[]).includes(channel.type));
}

/** Whether a name contains what was typed, in any case. */
export function nameMatches(name: string, query: string): boolean {
  return query.trim() === "" || name.toLocaleLowerCase().includes(query.trim().toLocaleLowerCase());
}
