import type { NewTierInput, ServerSetup, SetupUpdateInput } from "@hearth/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { dashboardRequest } from "../../../lib/api-client";
import { serverMessage } from "../shared/errors";
import { dashboardKeys } from "../shared/query-keys";
import { useToast } from "../toasts/toast-context";

const base = (serverId: string) => `/api/server/${serverId}/setup`;

export function useSaveSetup(serverId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (body: SetupUpdateInput) =>
      dashboardRequest<ServerSetup>(base(serverId), { method: "PUT", body }),
    onSuccess: (setup) => {
      queryClient.setQueryData(dashboardKeys.setup(serverId), setup);
      toast.success("Server setup updated successfully");
    },
    onError: (error) => toast.error("Failed to update server setup", serverMessage(error)),
  });
}

/** Changes one tier's payment and role (the setup PUT updates listed tiers by name). */
export function useEditTier(serverId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ tier, payment, roleId }: { tier: string; payment: string; roleId: string }) =>
      dashboardRequest<ServerSetup>(base(serverId), {
        method: "PUT",
        body: { tiers: [tier], payments: [payment], tierRoles: { [tier]: roleId } },
      }),
    onSuccess: (setup) => {
      queryClient.setQueryData(dashboardKeys.setup(serverId), setup);
      toast.success("Tier updated successfully");
    },
    onError: (error) => toast.error("Failed to update tier", serverMessage(error)),
  });
}

export function useAddTier(serverId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (body: NewTierInput) =>
      dashboardRequest<ServerSetup>(`${base(serverId)}/tiers`, { method: "POST", body }),
    onSuccess: (setup) => {
      queryClient.setQueryData(dashboardKeys.setup(serverId), setup);
      toast.success("Tier added successfully");
    },
    onError: (error) => toast.error("Failed to add tier", serverMessage(error)),
  });
}

export function useRemoveTier(serverId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const key = dashboardKeys.setup(serverId);
  return useMutation({
    mutationFn: (tier: string) =>
      dashboardRequest<ServerSetup>(`${base(serverId)}/tiers/${encodeURIComponent(tier)}`, {
        method: "DELETE",
      }),
    // Optimistic: the tier leaves the list at once and comes back if the server refuses.
    onMutate: async (tier) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<ServerSetup>(key);
      if (previous) {
        const index = previous.tiers.indexOf(tier);
        const tierRoles = { ...previous.tierRoles };
        delete tierRoles[tier];
        queryClient.setQueryData<ServerSetup>(key, {
          ...previous,
          tiers: previous.tiers.filter((_, i) => i !== index),
          payments: previous.payments.filter((_, i) => i !== index),
          tierRoles,
        });
      }
      return { previous };
    },
    onSuccess: (setup) => {
      queryClient.setQueryData(key, setup);
      toast.success("Tier removed successfully");
    },
    onError: (error, _tier, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      toast.error("Failed to remove tier", serverMessage(error));
    },
  });
}
