import type { CreatePerkTierBody, EditPerkTierBody, PerksOverview, PerkTierItem } from "@hearth/core";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { dashboardRequest } from "../../../lib/api-client";
import { retryTransient, serverMessage } from "../shared/errors";
import { dashboardKeys } from "../shared/query-keys";
import { useToast } from "../toasts/toast-context";

const base = (serverId: string) => `/api/perks/${serverId}`;
const key = (serverId: string) => [...dashboardKeys.server(serverId), "perks"] as const;

export function perksQuery(serverId: string) {
  return queryOptions({
    queryKey: key(serverId),
    queryFn: ({ signal }) => dashboardRequest<PerksOverview>(base(serverId), { signal }),
    retry: retryTransient,
  });
}

/** A mutation of the Perks page: toasts its outcome and reloads the page's data. */
function usePerksMutation<T, R>(
  serverId: string,
  run: (input: T) => Promise<R>,
  done: (result: R) => string,
  failed: string,
) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: run,
    onSuccess: (result) => toast.success(done(result)),
    onError: (error) => toast.error(failed, serverMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key(serverId) }),
  });
}

const lost = (expired: number) =>
  expired > 0 ? ` (${expired} member${expired === 1 ? "" : "s"} lost a channel or role it gave)` : "";

export const useCreateTier = (serverId: string) =>
  usePerksMutation(
    serverId,
    (body: CreatePerkTierBody) =>
      dashboardRequest<PerkTierItem>(`${base(serverId)}/tiers`, { method: "POST", body }),
    (tier) => `Perk tier ${tier.name} created`,
    "Failed to create the perk tier",
  );

export const useEditTier = (serverId: string) =>
  usePerksMutation(
    serverId,
    ({ id, ...body }: EditPerkTierBody & { id: number }) =>
      dashboardRequest<{ tier: PerkTierItem; expired: number }>(`${base(serverId)}/tiers/${id}`, {
        method: "PATCH",
        body,
      }),
    ({ tier, expired }) => `Perk tier ${tier.name} saved${lost(expired)}`,
    "Failed to save the perk tier",
  );

export const useDeleteTier = (serverId: string) =>
  usePerksMutation(
    serverId,
    (id: number) =>
      dashboardRequest<{ deleted: number; expired: number }>(`${base(serverId)}/tiers/${id}`, {
        method: "DELETE",
      }),
    ({ expired }) => `Perk tier deleted${lost(expired)}`,
    "Failed to delete the perk tier",
  );

export const useAutoCleanup = (serverId: string) =>
  usePerksMutation(
    serverId,
    (autoCleanup: boolean) =>
      dashboardRequest<{ autoCleanup: boolean; scheduled: number }>(`${base(serverId)}/settings`, {
        method: "PUT",
        body: { autoCleanup },
      }),
    ({ autoCleanup, scheduled }) =>
      `Auto-cleanup ${autoCleanup ? "on" : "off"}${scheduled > 0 ? `; ${scheduled} cleanup${scheduled === 1 ? "" : "s"} scheduled` : ""}`,
    "Failed to change auto-cleanup",
  );

export const useRemoveMemberPerks = (serverId: string) =>
  usePerksMutation(
    serverId,
    (userId: string) =>
      dashboardRequest<{ channel: boolean; role: boolean }>(`${base(serverId)}/members/${userId}`, {
        method: "DELETE",
      }),
    () => "Every perk of the member removed",
    "Failed to remove the member's perks",
  );
