import type { Grinder, GrinderBreakHistory, GrinderPaymentHistory, PaymentAction } from "@hearth/core";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { dashboardRequest } from "../../../lib/api-client";
import { serverMessage } from "../shared/errors";
import { dashboardKeys } from "../shared/query-keys";
import { useToast } from "../toasts/toast-context";

export const historyPageSize = 10;
export type HistoryKind = "payments" | "breaks";

const historyKey = (serverId: string, id: string) =>
  [...dashboardKeys.grinders(serverId), id, "history"] as const;

/** One page of a grinder's payments or breaks, newest first; the previous page stays while the next loads. */
export function useGrinderHistory<K extends HistoryKind>(
  serverId: string,
  id: string,
  kind: K,
  page: number,
) {
  return useQuery({
    queryKey: [...historyKey(serverId, id), kind, page],
    queryFn: ({ signal }) =>
      dashboardRequest<K extends "payments" ? GrinderPaymentHistory : GrinderBreakHistory>(
        `/api/grinders/${serverId}/grinders/${id}/history/${kind}?page=${page}&pageSize=${historyPageSize}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/** Records a payment from the drawer (admin): the roster and the history reload. */
export function useRecordPayment(serverId: string, id: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (body: { action: PaymentAction; amount: string }) =>
      dashboardRequest<Grinder>(`/api/grinders/${serverId}/grinders/${id}/payments`, {
        method: "POST",
        body,
      }),
    onSuccess: () => toast.success("Payment recorded"),
    onError: (error) => toast.error("Failed to record payment", serverMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.grinders(serverId) }),
  });
}
