import type { GiveawayDetail } from "@hearth/core";
import { useQuery } from "@tanstack/react-query";
import { fetchParticipants, fetchWinnerRecords } from "./api";
import { normalisePeople, type PersonRow } from "./people";

export interface GiveawayPeople {
  winners: PersonRow[];
  participants: PersonRow[];
}

/**
 * The loading order of spec §4: an ended giveaway first tries the server's winners list and takes
 * this giveaway's winners and entries from it; if that call fails or has no record for it, the
 * participants call is the fallback and no winners are shown. A running giveaway loads participants.
 */
export async function loadGiveawayPeople(
  serverId: string,
  messageId: string,
  active: boolean,
  signal?: AbortSignal,
): Promise<GiveawayPeople> {
  if (!active) {
    try {
      const records = await fetchWinnerRecords(serverId, signal);
      const record = Array.isArray(records)
        ? records.find((item) => item?.messageId === messageId)
        : undefined;
      if (record) {
        let entries: unknown = record.entries;
        // The winners list carries the first entrants only; fetch the rest when there are more.
        if (Array.isArray(record.entries) && record.entriesCount > record.entries.length) {
          entries = await fetchParticipants(serverId, messageId, signal).catch((error: unknown) => {
            console.warn("Could not load every participant; showing the first ones", error);
            return record.entries;
          });
        }
        return {
          winners: normalisePeople(record.winners, "wonAt", "winner"),
          participants: normalisePeople(entries, "timestamp", "participant"),
        };
      }
    } catch (error) {
      if (signal?.aborted) throw error;
      console.warn("Could not load the winners list; falling back to participants", error);
    }
  }
  const participants = await fetchParticipants(serverId, messageId, signal);
  return { winners: [], participants: normalisePeople(participants, "timestamp", "participant") };
}

export function useGiveawayPeople(detail: GiveawayDetail | undefined, serverId: string, messageId: string) {
  const active = detail?.active ?? false;
  return useQuery({
    queryKey: ["giveaways", "people", serverId, messageId, active],
    queryFn: ({ signal }) => loadGiveawayPeople(serverId, messageId, active, signal),
    enabled: detail !== undefined,
  });
}
