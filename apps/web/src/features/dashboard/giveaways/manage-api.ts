import type {
  CreateGiveawayBody,
  GiveawayBlock,
  GiveawayDetail,
  GiveawayEntrantsPage,
  GiveawayPreviewResponse,
  GiveawaySchedule,
  RerollGiveawayResponse,
  UpdateGiveawayScheduleBody,
} from "@hearth/core";
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { dashboardRequest } from "../../../lib/api-client";
import { retryTransient, serverMessage } from "../shared/errors";
import { dashboardKeys } from "../shared/query-keys";
import { useToast } from "../toasts/toast-context";

// Scheduled and recurring giveaways, the entrant list, removals, blocks, the create preview and
// the rerolls that replace winners (issue 27).

export function schedulesQuery(serverId: string) {
  return queryOptions({
    queryKey: dashboardKeys.giveawaySchedules(serverId),
    queryFn: ({ signal }) =>
      dashboardRequest<GiveawaySchedule[]>(`/api/giveaways/${serverId}/schedules`, { signal }),
    retry: retryTransient,
  });
}

export function blocksQuery(serverId: string) {
  return queryOptions({
    queryKey: dashboardKeys.giveawayBlocks(serverId),
    queryFn: ({ signal }) =>
      dashboardRequest<GiveawayBlock[]>(`/api/giveaways/${serverId}/blocks`, { signal }),
    retry: retryTransient,
  });
}

export function giveawayDetailQuery(serverId: string, messageId: string) {
  return queryOptions({
    queryKey: dashboardKeys.giveawayDetail(serverId, messageId),
    queryFn: ({ signal }) =>
      dashboardRequest<GiveawayDetail>(`/api/giveaways/${serverId}/${messageId}`, { signal }),
    retry: retryTransient,
  });
}

/** Entrants 50 at a time, following the keyset cursor; `q` searches name or id. */
export function entrantsQuery(serverId: string, messageId: string, q: string) {
  return infiniteQueryOptions({
    queryKey: dashboardKeys.giveawayEntrants(serverId, messageId, q),
    initialPageParam: "",
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: "50" });
      if (q) params.set("q", q);
      if (pageParam) params.set("cursor", pageParam);
      return dashboardRequest<GiveawayEntrantsPage>(
        `/api/giveaways/${serverId}/${messageId}/entrants?${params.toString()}`,
        { signal },
      );
    },
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    retry: retryTransient,
  });
}

/** What the form's giveaway would post, and whom it pings (re-read as the form changes). */
export function previewQuery(serverId: string, body: CreateGiveawayBody | null) {
  const key = body ? JSON.stringify(body) : "";
  return queryOptions({
    queryKey: dashboardKeys.giveawayPreview(serverId, key),
    queryFn: ({ signal }) =>
      dashboardRequest<GiveawayPreviewResponse>("/api/giveaways/preview", { method: "POST", body, signal }),
    enabled: body !== null,
    staleTime: 60_000,
    retry: retryTransient,
  });
}

function useInvalidateAll(serverId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: dashboardKeys.giveaways(serverId) });
}

export function useUpdateSchedule(serverId: string) {
  const toast = useToast();
  const invalidate = useInvalidateAll(serverId);
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateGiveawayScheduleBody }) =>
      dashboardRequest<GiveawaySchedule>(`/api/giveaways/${serverId}/schedules/${id}`, {
        method: "PATCH",
        body,
      }),
    onSuccess: (_schedule, { body }) =>
      toast.success(
        body.paused === true
          ? "Series paused"
          : body.paused === false
            ? "Series resumed"
            : "Scheduled giveaway updated",
      ),
    onError: (error) => toast.error("Failed to update scheduled giveaway", serverMessage(error)),
    onSettled: invalidate,
  });
}

export function useCancelSchedule(serverId: string) {
  const toast = useToast();
  const invalidate = useInvalidateAll(serverId);
  return useMutation({
    mutationFn: (schedule: GiveawaySchedule) =>
      dashboardRequest<void>(`/api/giveaways/${serverId}/schedules/${schedule.id}`, { method: "DELETE" }),
    onSuccess: (_result, schedule) =>
      toast.success(schedule.recurrence ? "Series stopped" : "Scheduled giveaway cancelled"),
    onError: (error) => toast.error("Failed to cancel scheduled giveaway", serverMessage(error)),
    onSettled: invalidate,
  });
}

export function useRemoveEntrant(serverId: string, messageId: string) {
  const toast = useToast();
  const invalidate = useInvalidateAll(serverId);
  return useMutation({
    mutationFn: ({ userId, reason, block }: { userId: string; reason: string; block: boolean }) =>
      dashboardRequest<void>(`/api/giveaways/${serverId}/${messageId}/entrants/${userId}/remove`, {
        method: "POST",
        body: { reason, block },
      }),
    onSuccess: () => toast.success("Entrant removed"),
    onError: (error) => toast.error("Failed to remove entrant", serverMessage(error)),
    onSettled: invalidate,
  });
}

export function useBlockMember(serverId: string) {
  const toast = useToast();
  const invalidate = useInvalidateAll(serverId);
  return useMutation({
    mutationFn: (body: { userId: string; reason: string }) =>
      dashboardRequest<GiveawayBlock[]>(`/api/giveaways/${serverId}/blocks`, { method: "POST", body }),
    onSuccess: () => toast.success("Member blocked from giveaways"),
    onError: (error) => toast.error("Failed to block member", serverMessage(error)),
    onSettled: invalidate,
  });
}

export function useUnblockMember(serverId: string) {
  const toast = useToast();
  const invalidate = useInvalidateAll(serverId);
  return useMutation({
    mutationFn: (userId: string) =>
      dashboardRequest<void>(`/api/giveaways/${serverId}/blocks/${userId}`, { method: "DELETE" }),
    onSuccess: () => toast.success("Block lifted"),
    onError: (error) => toast.error("Failed to lift block", serverMessage(error)),
    onSettled: invalidate,
  });
}

/** A reroll that replaces one winner (`replace`), all of them (`all`), or draws `winnerCount` more. */
export function useReplaceReroll(serverId: string, messageId: string) {
  const toast = useToast();
  const invalidate = useInvalidateAll(serverId);
  return useMutation({
    mutationFn: (body: { replace?: string; all?: boolean; winnerCount?: number }) =>
      dashboardRequest<RerollGiveawayResponse>(`/api/giveaways/${serverId}/${messageId}/reroll`, {
        method: "POST",
        body,
      }),
    onSuccess: (result) =>
      toast.success(
        "Giveaway rerolled successfully",
        result.newWinners
          .map((winner) =>
            winner.replaces ? `${winner.username} replaces a winner` : `${winner.username} won`,
          )
          .join(", ") || undefined,
      ),
    onError: (error) => toast.error("Failed to reroll giveaway", serverMessage(error)),
    onSettled: invalidate,
  });
}

export function usePauseGiveaway(serverId: string) {
  const toast = useToast();
  const invalidate = useInvalidateAll(serverId);
  return useMutation({
    mutationFn: ({ messageId, resume }: { messageId: string; resume: boolean }) =>
      dashboardRequest<GiveawayDetail>(
        `/api/giveaways/${serverId}/${messageId}/${resume ? "resume" : "pause"}`,
        {
          method: "PUT",
        },
      ),
    onSuccess: (_detail, { resume }) => toast.success(resume ? "Giveaway resumed" : "Giveaway paused"),
    onError: (error, { resume }) =>
      toast.error(resume ? "Failed to resume giveaway" : "Failed to pause giveaway", serverMessage(error)),
    onSettled: invalidate,
  });
}
