import type { TournamentDetail } from "@hearth/core";
import { queryOptions } from "@tanstack/react-query";
import { apiGet } from "../../lib/api-client";

const path = (serverId: string, tournamentId: string) =>
  `/api/tournaments/${encodeURIComponent(serverId)}/${encodeURIComponent(tournamentId)}`;

/** A public tournament; refreshed every 30 seconds while it is open or being played. */
export function tournamentDetailQuery(serverId: string, tournamentId: string) {
  return queryOptions({
    queryKey: ["tournaments", "detail", serverId, tournamentId],
    queryFn: ({ signal }) => apiGet<TournamentDetail>(path(serverId, tournamentId), signal),
    retry: false,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === "signup" || status === "running" ? 30_000 : false;
    },
  });
}
