import type { DiscoveryEntry, DiscoveryEntryInput, ServerSettings, SettingsEditInput } from "@hearth/core";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { dashboardRequest } from "../../../lib/api-client";
import { isNotFound, retryTransient, serverMessage } from "../shared/errors";
import { dashboardKeys } from "../shared/query-keys";
import { useToast } from "../toasts/toast-context";

export function useEditSettings(serverId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const key = dashboardKeys.settings(serverId);
  return useMutation({
    mutationFn: (body: SettingsEditInput) =>
      dashboardRequest<ServerSettings>("/api/settings/edit", { method: "PUT", body }),
    // Optimistic for plain switches; the answer (all settings) replaces the guess.
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<ServerSettings>(key);
      if (previous) {
        const { antiPoolShow, ...rest } = body;
        queryClient.setQueryData<ServerSettings>(key, {
          ...previous,
          ...rest,
          antiPoolShow:
            antiPoolShow?.toggle !== undefined
              ? { ...previous.antiPoolShow, toggle: antiPoolShow.toggle }
              : previous.antiPoolShow,
        });
      }
      return { previous };
    },
    onSuccess: (settings) => {
      queryClient.setQueryData(key, settings);
      toast.success("Settings updated successfully");
    },
    onError: (error, _body, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      toast.error("Failed to update settings", serverMessage(error));
    },
  });
}

/** The server's own discovery entry; its id is the server id, and 404 means there is none yet. */
export function discoveryEntryQuery(serverId: string) {
  return queryOptions({
    queryKey: dashboardKeys.discoveryEntry(serverId),
    queryFn: async ({ signal }) => {
      try {
        return await dashboardRequest<DiscoveryEntry>(`/api/discovery/${serverId}`, { signal });
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    retry: retryTransient,
  });
}

function useDiscoveryMutation<V>(
  serverId: string,
  request: (variables: V) => Promise<DiscoveryEntry | undefined>,
  texts: { success: string; failure: string },
  optimistic?: (entry: DiscoveryEntry, variables: V) => DiscoveryEntry | null,
) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const key = dashboardKeys.discoveryEntry(serverId);
  return useMutation({
    mutationFn: request,
    onMutate: async (variables) => {
      if (!optimistic) return { previous: undefined };
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<DiscoveryEntry | null>(key);
      if (previous) queryClient.setQueryData(key, optimistic(previous, variables));
      return { previous };
    },
    onSuccess: (entry) => {
      queryClient.setQueryData(key, entry ?? null);
      toast.success(texts.success);
    },
    onError: (error, _variables, context) => {
      if (context?.previous !== undefined) queryClient.setQueryData(key, context.previous);
      toast.error(texts.failure, serverMessage(error));
    },
  });
}

export function useCreateDiscovery(serverId: string) {
  return useDiscoveryMutation(
    serverId,
    (body: DiscoveryEntryInput) =>
      dashboardRequest<DiscoveryEntry>("/api/discovery", { method: "POST", body }),
    { success: "Discovery entry created successfully", failure: "Failed to create discovery entry" },
  );
}

export function useUpdateDiscovery(serverId: string) {
  return useDiscoveryMutation(
    serverId,
    (body: DiscoveryEntryInput) =>
      dashboardRequest<DiscoveryEntry>(`/api/discovery/${serverId}`, { method: "PUT", body }),
    { success: "Discovery entry updated successfully", failure: "Failed to update discovery entry" },
  );
}

export function useToggleDiscovery(serverId: string) {
  return useDiscoveryMutation(
    serverId,
    () => dashboardRequest<DiscoveryEntry>(`/api/discovery/${serverId}/toggle`, { method: "PUT" }),
    { success: "Discovery status updated", failure: "Failed to update discovery status" },
    (entry) => ({ ...entry, toggle: entry.toggle === "public" ? "private" : "public" }),
  );
}

export function useDeleteDiscovery(serverId: string) {
  return useDiscoveryMutation(
    serverId,
    async () => {
      await dashboardRequest<void>(`/api/discovery/${serverId}`, { method: "DELETE" });
      return undefined;
    },
    { success: "Discovery entry deleted successfully", failure: "Failed to delete discovery entry" },
    () => null,
  );
}
