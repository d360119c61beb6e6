import type {
  CreateGiveawayBody,
  GiveawayConfig,
  GiveawayDetail,
  GiveawayListItem,
  GiveawaySchedule,
  RerollGiveawayResponse,
} from "@hearth/core";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { dashboardAllPages, dashboardRequest } from "../../../lib/api-client";
import { retryTransient, serverMessage } from "../shared/errors";
import { dashboardKeys } from "../shared/query-keys";
import { useToast } from "../toasts/toast-context";

export function giveawaysQuery(serverId: string) {
  return queryOptions({
    queryKey: dashboardKeys.giveaways(serverId),
    // Newest first, 100 a page, up to the latest 500 (what the tab lists and filters).
    queryFn: ({ signal }) =>
      dashboardAllPages<GiveawayListItem>(`/api/giveaways/${serverId}?limit=100`, { signal, maxItems: 500 }),
    retry: retryTransient,
  });
}

export function giveawayConfigQuery(serverId: string) {
  return queryOptions({
    queryKey: dashboardKeys.giveawayConfig(serverId),
    queryFn: ({ signal }) =>
      dashboardRequest<GiveawayConfig>(`/api/giveaways/y/config/${serverId}`, { signal }),
    retry: retryTransient,
  });
}

function useInvalidateGiveaways(serverId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: dashboardKeys.giveaways(serverId), exact: true }),
      queryClient.invalidateQueries({ queryKey: dashboardKeys.giveawayStats(serverId) }),
      queryClient.invalidateQueries({ queryKey: dashboardKeys.giveawaySchedules(serverId) }),
    ]);
}

/** Optimistic change of the list, put back on failure. */
function useListUpdate(serverId: string) {
  const queryClient = useQueryClient();
  const key = dashboardKeys.giveaways(serverId);
  return {
    async apply(change: (list: GiveawayListItem[]) => GiveawayListItem[]) {
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const previous = queryClient.getQueryData<GiveawayListItem[]>(key);
      if (previous) queryClient.setQueryData(key, change(previous));
      return { previous };
    },
    rollback(context: { previous?: GiveawayListItem[] } | undefined) {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
  };
}

export function useCreateGiveaway(serverId: string) {
  const toast = useToast();
  const invalidate = useInvalidateGiveaways(serverId);
  return useMutation({
    mutationFn: (body: CreateGiveawayBody) =>
      dashboardRequest<GiveawayDetail | GiveawaySchedule>("/api/giveaways/create", { method: "POST", body }),
    onSuccess: (result) =>
      toast.success(
        "settings" in result ? "Giveaway scheduled successfully" : "Giveaway created successfully",
      ),
    onError: (error) => toast.error("Failed to create giveaway", serverMessage(error)),
    onSettled: invalidate,
  });
}

const giveawayPath = (serverId: string, messageId: string) => `/api/giveaways/${serverId}/${messageId}`;

export function useEndGiveaway(serverId: string) {
  const toast = useToast();
  const list = useListUpdate(serverId);
  const invalidate = useInvalidateGiveaways(serverId);
  return useMutation({
    mutationFn: (messageId: string) =>
      dashboardRequest<GiveawayDetail>(`${giveawayPath(serverId, messageId)}/end`, { method: "PUT" }),
    onMutate: (messageId) =>
      list.apply((items) =>
        items.map((item) =>
          item.messageId === messageId ? { ...item, active: false, endTime: Date.now() } : item,
        ),
      ),
    onSuccess: () => toast.success("Giveaway ended successfully"),
    onError: (error, _id, context) => {
      list.rollback(context);
      toast.error("Failed to end giveaway", serverMessage(error));
    },
    onSettled: invalidate,
  });
}

export function useRerollGiveaway(serverId: string) {
  const toast = useToast();
  const invalidate = useInvalidateGiveaways(serverId);
  return useMutation({
    mutationFn: (messageId: string) =>
      dashboardRequest<RerollGiveawayResponse>(`${giveawayPath(serverId, messageId)}/reroll`, {
        method: "POST",
        body: { winnerCount: 1 },
      }),
    onSuccess: (result) =>
      toast.success(
        "Giveaway rerolled successfully",
        result.newWinners.length
          ? `New winner: ${result.newWinners.map((winner) => winner.username).join(", ")}`
          : undefined,
      ),
    onError: (error) => toast.error("Failed to reroll giveaway", serverMessage(error)),
    onSettled: invalidate,
  });
}

export function useDeleteGiveaway(serverId: string) {
  const toast = useToast();
  const list = useListUpdate(serverId);
  const invalidate = useInvalidateGiveaways(serverId);
  return useMutation({
    mutationFn: (messageId: string) =>
      dashboardRequest<void>(giveawayPath(serverId, messageId), { method: "DELETE" }),
    onMutate: (messageId) => list.apply((items) => items.filter((item) => item.messageId !== messageId)),
    onSuccess: () => toast.success("Giveaway deleted successfully"),
    onError: (error, _id, context) => {
      list.rollback(context);
      toast.error("Failed to delete giveaway", serverMessage(error));
    },
    onSettled: invalidate,
  });
}

export function useSaveGiveawayConfig(serverId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (body: GiveawayConfig) =>
      dashboardRequest<GiveawayConfig>(`/api/giveaways/y/config/${serverId}`, { method: "PUT", body }),
    onSuccess: (config) => {
      queryClient.setQueryData(dashboardKeys.giveawayConfig(serverId), config);
      toast.success("Giveaway configuration updated successfully");
    },
    onError: (error) => toast.error("Failed to update giveaway configuration", serverMessage(error)),
  });
}

export function useResetGiveawayConfig(serverId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: () =>
      dashboardRequest<GiveawayConfig>(`/api/giveaways/y/config/${serverId}`, { method: "DELETE" }),
    onSuccess: (config) => {
      queryClient.setQueryData(dashboardKeys.giveawayConfig(serverId), config);
      toast.success("Giveaway configuration reset successfully");
    },
    onError: (error) => toast.error("Failed to reset giveaway configuration", serverMessage(error)),
  });
}
