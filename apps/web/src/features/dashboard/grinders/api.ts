import type {
  AddGrinderBody,
  BotMessagePreview,
  Grinder,
  GrinderDmProgress,
  GrinderDmResult,
} from "@hearth/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { dashboardRequest } from "../../../lib/api-client";
import { previewQuery } from "../shared/api";
import { serverMessage } from "../shared/errors";
import { dashboardKeys } from "../shared/query-keys";
import { useToast } from "../toasts/toast-context";

const base = (serverId: string) => `/api/grinders/${serverId}/grinders`;

export type DmTarget = "paid" | "unpaid" | "all";

export function useAddGrinder(serverId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (body: AddGrinderBody) => dashboardRequest<Grinder>(base(serverId), { method: "POST", body }),
    onSuccess: (hired) => {
      queryClient.setQueryData<Grinder[]>(dashboardKeys.grinders(serverId), (list) =>
        list ? [hired, ...list] : list,
      );
      toast.success("Grinder added successfully");
    },
    onError: (error) => toast.error("Failed to add grinder", serverMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.grinders(serverId) }),
  });
}

/** Changes the cached roster at once and puts it back if the server refuses (optimistic update). */
function useOptimisticRoster(serverId: string) {
  const queryClient = useQueryClient();
  const key = dashboardKeys.grinders(serverId);
  return {
    async apply(change: (list: Grinder[]) => Grinder[]) {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Grinder[]>(key);
      if (previous) queryClient.setQueryData<Grinder[]>(key, change(previous));
      return { previous };
    },
    rollback(context: { previous?: Grinder[] } | undefined) {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    settle: () => queryClient.invalidateQueries({ queryKey: key }),
  };
}

export function useToggleBreak(serverId: string) {
  const roster = useOptimisticRoster(serverId);
  const toast = useToast();
  return useMutation({
    mutationFn: (id: string) => dashboardRequest<Grinder>(`${base(serverId)}/${id}/break`, { method: "PUT" }),
    onMutate: (id) =>
      roster.apply((list) =>
        list.map((grinder) =>
          grinder._id === id ? { ...grinder, onBreak: !grinder.onBreak, break: !grinder.onBreak } : grinder,
        ),
      ),
    onSuccess: () => toast.success("Grinder break status updated"),
    onError: (error, _id, context) => {
      roster.rollback(context);
      toast.error("Failed to update break status", serverMessage(error));
    },
    onSettled: roster.settle,
  });
}

export function useRemoveGrinder(serverId: string) {
  const roster = useOptimisticRoster(serverId);
  const toast = useToast();
  return useMutation({
    mutationFn: (id: string) => dashboardRequest<unknown>(`${base(serverId)}/${id}`, { method: "DELETE" }),
    onMutate: (id) => roster.apply((list) => list.filter((grinder) => grinder._id !== id)),
    onSuccess: () => toast.success("Grinder removed successfully"),
    onError: (error, _id, context) => {
      roster.rollback(context);
      toast.error("Failed to remove grinder", serverMessage(error));
    },
    onSettled: roster.settle,
  });
}

/** The spec's words for each target; "all" reaches paid and unpaid grinders alike. */
export const dmTargetWords: Record<DmTarget, string> = { paid: "paid", unpaid: "unpaid", all: "all" };

/** The broadcast's counts so far, read twice a second while one is being sent. */
export function useDmProgress(serverId: string, sending: boolean) {
  return useQuery({
    queryKey: [...dashboardKeys.grinders(serverId), "dm-progress"] as const,
    queryFn: ({ signal }) => dashboardRequest<GrinderDmProgress>(`${base(serverId)}/dm-progress`, { signal }),
    enabled: sending,
    refetchInterval: sending ? 500 : false,
    retry: false,
  });
}

/**
 * The DM a broadcast would send each grinder, built by the server with the broadcast's own function
 * (nothing is sent). Off while the message is blank.
 */
export function grinderDmPreviewQuery(serverId: string, message: string) {
  const text = message.trim();
  return previewQuery<BotMessagePreview>(
    ["dashboard", serverId, "grinder-dm-preview", text],
    `${base(serverId)}/dm-preview`,
    text === "" ? null : { message: text },
  );
}

export function useDmGrinders(serverId: string) {
  const toast = useToast();
  return useMutation({
    mutationFn: ({ target, message }: { target: DmTarget; message: string }) =>
      dashboardRequest<GrinderDmResult>(`${base(serverId)}/dm-${target}`, {
        method: "POST",
        body: { message },
      }),
    onSuccess: (result, { target }) =>
      toast.success(
        `DM sent to ${dmTargetWords[target]} grinders successfully`,
        `Delivered to ${result.sent} of ${result.total}${result.failed > 0 ? ` (${result.failed} have DMs closed or left)` : ""}.`,
      ),
    onError: (error, { target }) =>
      toast.error(`Failed to send DM to ${dmTargetWords[target]} grinders`, serverMessage(error)),
  });
}
