import type { BotMessagePreview, StickyBody, StickyItem, StickyList } from "@hearth/core";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { dashboardRequest } from "../../../lib/api-client";
import { previewQuery } from "../shared/api";
import { retryTransient, serverMessage } from "../shared/errors";
import { dashboardKeys } from "../shared/query-keys";
import { useToast } from "../toasts/toast-context";

const base = (serverId: string) => `/api/sticky/${serverId}`;
export const stickyKeys = {
  list: (serverId: string) => [...dashboardKeys.server(serverId), "sticky"] as const,
  preview: (serverId: string, message: string) =>
    [...dashboardKeys.server(serverId), "sticky", "preview", message] as const,
};

export function stickiesQuery(serverId: string) {
  return queryOptions({
    queryKey: stickyKeys.list(serverId),
    queryFn: ({ signal }) => dashboardRequest<StickyList>(base(serverId), { signal }),
    retry: retryTransient,
  });
}

/** The sticky as the bot would post it, built by the server's own function (nothing is sent). */
export function useStickyPreview(serverId: string, message: string) {
  const text = message.trim();
  return useQuery(
    previewQuery<BotMessagePreview>(
      stickyKeys.preview(serverId, text),
      `${base(serverId)}/preview`,
      text === "" ? null : { message: text },
      { staleTime: Number.POSITIVE_INFINITY },
    ),
  );
}

export function useSaveSticky(serverId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ channelId, ...body }: StickyBody & { channelId: string }) =>
      dashboardRequest<{ sticky: StickyItem; replaced: boolean }>(`${base(serverId)}/${channelId}`, {
        method: "PUT",
        body,
      }),
    onSuccess: ({ replaced }) =>
      toast.success(replaced ? "Sticky message replaced and reposted" : "Sticky message posted"),
    onError: (error) => toast.error("Failed to save the sticky message", serverMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: stickyKeys.list(serverId) }),
  });
}

export function useRemoveSticky(serverId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (channelId: string) =>
      dashboardRequest<{ sticky: StickyItem }>(`${base(serverId)}/${channelId}`, { method: "DELETE" }),
    onSuccess: () => toast.success("Sticky message removed"),
    onError: (error) => toast.error("Failed to remove the sticky message", serverMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: stickyKeys.list(serverId) }),
  });
}
