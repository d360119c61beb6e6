import type {
  GiveawayDetail,
  GiveawayListItem,
  GiveawayParticipant,
  GiveawayWinnerRecord,
} from "@hearth/core";
import { queryOptions } from "@tanstack/react-query";
import { apiGet } from "../../lib/api-client";

export const giveawayListQuery = queryOptions({
  queryKey: ["giveaways", "list"],
  queryFn: ({ signal }) => apiGet<GiveawayListItem[]>("/api/giveaways", signal),
  // The list changes as giveaways end; refresh it every minute while the page is open.
  refetchInterval: 60_000,
});

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
