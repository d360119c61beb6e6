import type {
  GiveawayDetail,
  GiveawayListItem,
  GiveawayParticipant,
  GiveawayWinnerRecord,
  UpcomingGiveaway,
  UpcomingGiveawayDetail,
} from "@hearth/core";
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { type ApiPage, apiGet, apiPage } from "../../lib/api-client";
import type { GiveawayFilters } from "./list-filters";

/** Giveaways per page of the public list. */
export const GIVEAWAY_PAGE_SIZE = 24;

/** The list's query string: search, status and order are applied by the server. */
export function giveawayListPath({ query, status, sort }: GiveawayFilters): string {
  const params = new URLSearchParams({ limit: String(GIVEAWAY_PAGE_SIZE) });
  const q = query.trim();
  if (q) params.set("q", q);
  if (status !== "all") params.set("status", status);
  params.set("sort", sort);
  return `/api/giveaways?${params}`;
}

/** The public list a page at a time (`GET /api/giveaways`, following `X-Next-Cursor`). */
export function giveawayListQuery(filters: GiveawayFilters) {
  return infiniteQueryOptions({
    queryKey: ["giveaways", "list", { ...filters, query: filters.query.trim() }],
    queryFn: ({ signal, pageParam }): Promise<ApiPage<GiveawayListItem>> =>
      apiPage<GiveawayListItem>(giveawayListPath(filters), pageParam, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    // The list changes as giveaways end; refresh it every minute while the page is open.
    refetchInterval: 60_000,
  });
}

const path = (serverId: string, messageId: string) =>
  `/api/giveaways/${encodeURIComponent(serverId)}/${encodeURIComponent(messageId)}`;

export function giveawayDetailQuery(serverId: string, messageId: string) {
  return queryOptions({
    queryKey: ["giveaways", "detail", serverId, messageId],
    queryFn: ({ signal }) => apiGet<GiveawayDetail>(path(serverId, messageId), signal),
    retry: false,
  });
}

export function fetchWinnerRecords(serverId: string, signal?: AbortSignal) {
  return apiGet<GiveawayWinnerRecord[]>(`/api/giveaways/x/winners/${encodeURIComponent(serverId)}`, signal);
}

/** The participants call answers pages of at most 1000, oldest first. */
const PAGE = 1000;
/** Stop after this many pages; a public page never needs more than 10,000 rows. */
const MAX_PAGES = 10;

export async function fetchParticipants(
  serverId: string,
  messageId: string,
  signal?: AbortSignal,
): Promise<GiveawayParticipant[]> {
  const all: GiveawayParticipant[] = [];
  for (let page = 0; page < MAX_PAGES; page++) {
    const batch = await apiGet<GiveawayParticipant[]>(
      `${path(serverId, messageId)}/participants?limit=${PAGE}&offset=${page * PAGE}`,
      signal,
    );
    if (!Array.isArray(batch)) break;
    all.push(...batch);
    if (batch.length < PAGE) break;
  }
  return all;
}

/** Scheduled and recurring giveaways still to run, soonest first (`GET /api/giveaways/upcoming`). */
export function upcomingGiveawaysQuery() {
  return queryOptions({
    queryKey: ["giveaways", "upcoming"],
    queryFn: ({ signal }) => apiGet<UpcomingGiveaway[]>("/api/giveaways/upcoming", signal),
    refetchInterval: 60_000,
  });
}

/** One scheduled giveaway or series, with its posted runs. */
export function upcomingGiveawayQuery(serverId: string, scheduleId: string) {
  return queryOptions({
    queryKey: ["giveaways", "upcoming", serverId, scheduleId],
    queryFn: ({ signal }) =>
      apiGet<UpcomingGiveawayDetail>(
        `/api/giveaways/${encodeURIComponent(serverId)}/upcoming/${encodeURIComponent(scheduleId)}`,
        signal,
      ),
    retry: false,
  });
}
