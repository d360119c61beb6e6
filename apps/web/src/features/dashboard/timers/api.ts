import type { CreateTimerInput, Timer, TimerPreview, TimerPreviewBody } from "@hearth/core";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { dashboardRequest } from "../../../lib/api-client";
import { previewQuery } from "../shared/api";
import { retryTransient, serverMessage } from "../shared/errors";
import { dashboardKeys } from "../shared/query-keys";
import { useToast } from "../toasts/toast-context";

const base = (serverId: string) => `/api/timers/${serverId}/timers`;

export function timersQuery(serverId: string) {
  return queryOptions({
    queryKey: dashboardKeys.timers(serverId),
    queryFn: ({ signal }) => dashboardRequest<Timer[]>(base(serverId), { signal }),
    retry: retryTransient,
  });
}

/**
 * What the timer would post (its countdown and its end announcement), built by the server with the
 * bot's own functions; nothing is sent. Off while `body` is null (the form can't be previewed yet).
 */
export function timerPreviewQuery(serverId: string, body: TimerPreviewBody | null) {
  const key = JSON.stringify(body);
  // Beside the list's key, not under it: refreshing the list doesn't render the preview again.
  return previewQuery<TimerPreview>(
    ["dashboard", serverId, "timer-preview", key],
    `/api/timers/${serverId}/preview`,
    body,
  );
}

export function useCreateTimer(serverId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (body: CreateTimerInput) => dashboardRequest<Timer>(base(serverId), { method: "POST", body }),
    onSuccess: (timer) => {
      queryClient.setQueryData<Timer[]>(dashboardKeys.timers(serverId), (list) =>
        list ? [timer, ...list] : list,
      );
      toast.success("Timer created successfully");
    },
    onError: (error) => toast.error("Failed to create timer", serverMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.timers(serverId) }),
  });
}

export function useCancelTimer(serverId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const key = dashboardKeys.timers(serverId);
  return useMutation({
    mutationFn: (id: number) => dashboardRequest<Timer>(`${base(serverId)}/${id}`, { method: "DELETE" }),
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Timer[]>(key);
      if (previous) {
        queryClient.setQueryData<Timer[]>(
          key,
          previous.map((timer) =>
            timer.id === id ? { ...timer, status: "cancelled", endedAt: Date.now() } : timer,
          ),
        );
      }
      return { previous };
    },
    onSuccess: () => toast.success("Timer cancelled"),
    onError: (error, _id, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      toast.error("Failed to cancel timer", serverMessage(error));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
