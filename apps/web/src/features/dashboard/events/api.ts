import type {
  BotMessagePreview,
  LotteryOverview,
  LotteryStartBody,
  LotteryView,
  RaffleOverview,
  RaffleStartBody,
  RaffleView,
  ServerSetup,
  TournamentCreateBody,
  TournamentOverview,
} from "@hearth/core";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { dashboardRequest } from "../../../lib/api-client";
import { retryTransient, serverMessage } from "../shared/errors";
import { dashboardKeys } from "../shared/query-keys";
import { useToast } from "../toasts/toast-context";

export type EventKind = "lottery" | "raffle" | "tournaments";

const keys = {
  overview: (serverId: string, kind: EventKind) =>
    [...dashboardKeys.server(serverId), "events", kind] as const,
  preview: (serverId: string, kind: EventKind, body: string) =>
    [...dashboardKeys.server(serverId), "events", kind, "preview", body] as const,
};

const base = (serverId: string, kind: EventKind) => `/api/${kind}/${serverId}`;

export function lotteryQuery(serverId: string) {
  return queryOptions({
    queryKey: keys.overview(serverId, "lottery"),
    queryFn: ({ signal }) => dashboardRequest<LotteryOverview>(base(serverId, "lottery"), { signal }),
    retry: retryTransient,
  });
}

export function raffleQuery(serverId: string) {
  return queryOptions({
    queryKey: keys.overview(serverId, "raffle"),
    queryFn: ({ signal }) => dashboardRequest<RaffleOverview>(base(serverId, "raffle"), { signal }),
    retry: retryTransient,
  });
}

export function tournamentQuery(serverId: string) {
  return queryOptions({
    queryKey: keys.overview(serverId, "tournaments"),
    queryFn: ({ signal }) => dashboardRequest<TournamentOverview>(base(serverId, "tournaments"), { signal }),
    retry: retryTransient,
  });
}

/** The event's post for a form's values, built by the server with the code that posts it; null: nothing to preview. */
export function eventPreviewQuery(serverId: string, kind: EventKind, body: object | null) {
  const key = JSON.stringify(body);
  return queryOptions({
    queryKey: keys.preview(serverId, kind, key),
    queryFn: ({ signal }) =>
      dashboardRequest<BotMessagePreview>(`${base(serverId, kind)}/preview`, {
        method: "POST",
        body,
        signal,
      }),
    enabled: body !== null,
    retry: false,
    staleTime: 60_000,
  });
}

/** A write on one event kind: its toast, and the kind's overview read again afterwards. */
function useEventWrite<Body, Answer>(
  serverId: string,
  kind: EventKind,
  request: (body: Body) => Promise<Answer>,
  texts: { done: string; failed: string },
) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: request,
    onSuccess: () => toast.success(texts.done),
    onError: (error) => toast.error(texts.failed, serverMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.overview(serverId, kind) }),
  });
}

export const useStartLottery = (serverId: string) =>
  useEventWrite(
    serverId,
    "lottery",
    (body: LotteryStartBody) =>
      dashboardRequest<LotteryView>(base(serverId, "lottery"), { method: "POST", body }),
    { done: "Lottery started", failed: "Failed to start the lottery" },
  );

export const useDrawLottery = (serverId: string) =>
  useEventWrite(
    serverId,
    "lottery",
    () => dashboardRequest<LotteryView>(`${base(serverId, "lottery")}/draw`, { method: "POST" }),
    { done: "Lottery drawn", failed: "Failed to draw the lottery" },
  );

export const useStartRaffle = (serverId: string) =>
  useEventWrite(
    serverId,
    "raffle",
    (body: RaffleStartBody) =>
      dashboardRequest<RaffleView>(base(serverId, "raffle"), { method: "POST", body }),
    { done: "Raffle opened", failed: "Failed to open the raffle" },
  );

export const useAddRaffleTickets = (serverId: string) =>
  useEventWrite(
    serverId,
    "raffle",
    (body: { userId: string; tickets: number }) =>
      dashboardRequest<{ held: number; total: number }>(`${base(serverId, "raffle")}/tickets`, {
        method: "POST",
        body,
      }),
    { done: "Tickets given", failed: "Failed to give the tickets" },
  );

export const useDrawRaffle = (serverId: string) =>
  useEventWrite(
    serverId,
    "raffle",
    () =>
      dashboardRequest<{ raffle: RaffleView; unverified: string[] }>(`${base(serverId, "raffle")}/draw`, {
        method: "POST",
      }),
    { done: "Raffle drawn", failed: "Failed to draw the raffle" },
  );

const tournamentWrite = (serverId: string, path: string, body?: unknown) =>
  dashboardRequest<TournamentOverview>(`${base(serverId, "tournaments")}${path}`, { method: "POST", body });

export const useCreateTournament = (serverId: string) =>
  useEventWrite(
    serverId,
    "tournaments",
    (body: TournamentCreateBody) => tournamentWrite(serverId, "", body),
    {
      done: "Tournament created: sign-ups are open",
      failed: "Failed to create the tournament",
    },
  );

export const useStartTournament = (serverId: string) =>
  useEventWrite(serverId, "tournaments", () => tournamentWrite(serverId, "/start"), {
    done: "Tournament started: the bracket is drawn",
    failed: "Failed to start the tournament",
  });

export const useReportMatch = (serverId: string) =>
  useEventWrite(
    serverId,
    "tournaments",
    (body: { match: number; winnerId: string }) => tournamentWrite(serverId, "/report", body),
    { done: "Result recorded", failed: "Failed to record the result" },
  );

export const useCancelTournament = (serverId: string) =>
  useEventWrite(
    serverId,
    "tournaments",
    (tournamentId: number) => tournamentWrite(serverId, "/cancel", { tournamentId }),
    { done: "Tournament cancelled", failed: "Failed to cancel the tournament" },
  );

/** The events ping role lives in the server setup (the Setup tab shows it too). */
export function useSavePingRole(serverId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (pingRole: string | null) =>
      dashboardRequest<ServerSetup>(`/api/server/${serverId}/setup`, {
        method: "PUT",
        body: { events: { pingRole } },
      }),
    onSuccess: (setup) => {
      queryClient.setQueryData(dashboardKeys.setup(serverId), setup);
      toast.success(setup.events.pingRole ? "Events ping role saved" : "Events no longer ping a role");
    },
    onError: (error) => toast.error("Failed to save the events ping role", serverMessage(error)),
  });
}
