import type {
  MarketImportBody,
  MarketImportPlan,
  MarketItemBody,
  MarketItemList,
  MarketItemView,
} from "@hearth/core";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { dashboardRequest } from "../../../lib/api-client";
import { retryTransient, serverMessage } from "../shared/errors";
import { useToast } from "../toasts/toast-context";

const base = (serverId: string) => `/api/market/${serverId}`;
export const marketKey = (serverId: string) => ["dashboard", serverId, "market"] as const;

export function marketQuery(serverId: string) {
  return queryOptions({
    queryKey: marketKey(serverId),
    queryFn: ({ signal }) => dashboardRequest<MarketItemList>(`${base(serverId)}/items`, { signal }),
    retry: retryTransient,
  });
}

/** Adds an item or changes its price (as /market set). */
export function useSaveItem(serverId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (body: MarketItemBody) =>
      dashboardRequest<{ item: MarketItemView; previous: string | null }>(`${base(serverId)}/items`, {
        method: "PUT",
        body,
      }),
    onSuccess: ({ item, previous }) =>
      toast.success(previous === null ? `Added ${item.name}` : `Saved the price of ${item.name}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: marketKey(serverId) }),
  });
}

export function useRemoveItem(serverId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (item: MarketItemView) =>
      dashboardRequest<{ item: MarketItemView }>(`${base(serverId)}/items/${encodeURIComponent(item.key)}`, {
        method: "DELETE",
      }),
    onSuccess: ({ item }) => toast.success(`Removed ${item.name}`),
    onError: (error) => toast.error("Failed to remove the item", serverMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: marketKey(serverId) }),
  });
}

/** The dry run (`preview`) or the import itself. */
export function useImport(serverId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (input: { body: MarketImportBody; apply: boolean }) =>
      dashboardRequest<MarketImportPlan>(`${base(serverId)}/import${input.apply ? "" : "/preview"}`, {
        method: "POST",
        body: input.body,
      }),
    onSuccess: (plan) => {
      if (!plan.applied) return;
      toast.success(
        `Imported: ${plan.added.length} added, ${plan.changed.length} changed, ${plan.removed.length} removed`,
      );
      void queryClient.invalidateQueries({ queryKey: marketKey(serverId) });
    },
  });
}

export function exportCsv(serverId: string) {
  return dashboardRequest<{ csv: string; count: number }>(`${base(serverId)}/export`);
}
