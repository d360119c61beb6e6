import type { StaticaConfig, StaticaConfigResponse, StaticaServerRole, StaticaStats } from "@hearth/core";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, dashboardRequest } from "../../../lib/api-client";
import { isNotFound, retryTransient } from "../shared/errors";
import { dashboardKeys } from "../shared/query-keys";

/** The rewards configuration; a 404 means none exists yet (spec §7), answered as null. */
export function staticaQuery(serverId: string) {
  return queryOptions({
    queryKey: dashboardKeys.statica(serverId),
    queryFn: async ({ signal }) => {
      try {
        return await dashboardRequest<StaticaConfigResponse>("/api/statica/fetch", { signal });
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    retry: retryTransient,
  });
}

export function staticaStatsQuery(serverId: string, enabled: boolean) {
  return queryOptions({
    queryKey: dashboardKeys.staticaStats(serverId),
    queryFn: ({ signal }) => dashboardRequest<StaticaStats>("/api/statica/stats", { signal }),
    retry: false,
    enabled,
  });
}

export function staticaRolesQuery(serverId: string) {
  return queryOptions({
    queryKey: dashboardKeys.staticaRoles(serverId),
    queryFn: ({ signal }) => dashboardRequest<StaticaServerRole[]>("/api/statica/server-roles", { signal }),
    retry: retryTransient,
    staleTime: 5 * 60_000,
  });
}

/** The server's explanation of a refusal, else the panel's own text (spec §8: "the server message or …"). */
export function refusalText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage.replace(/^[\w.]+: /, "");
  return fallback;
}

function useStaticaWrite<V>(
  serverId: string,
  request: (variables: V) => Promise<StaticaConfigResponse | null>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (config) => {
      queryClient.setQueryData(dashboardKeys.statica(serverId), config);
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.staticaStats(serverId) });
    },
  });
}

export function useCreateStatica(serverId: string) {
  return useStaticaWrite(serverId, (config: StaticaConfig) =>
    dashboardRequest<StaticaConfigResponse>("/api/statica/create", { method: "POST", body: config }),
  );
}

export function useUpdateStatica(serverId: string) {
  return useStaticaWrite(serverId, (config: StaticaConfig) =>
    dashboardRequest<StaticaConfigResponse>("/api/statica/update", { method: "PUT", body: config }),
  );
}

/** Enable/disable, shown at once and put back if the server refuses. */
export function useToggleStatica(serverId: string) {
  const queryClient = useQueryClient();
  const key = dashboardKeys.statica(serverId);
  return useMutation({
    mutationFn: (enabled: boolean) =>
      dashboardRequest<StaticaConfigResponse>("/api/statica/toggle", { method: "PUT", body: { enabled } }),
    onMutate: async (enabled) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<StaticaConfigResponse | null>(key);
      if (previous) queryClient.setQueryData(key, { ...previous, enabled });
      return { previous };
    },
    onSuccess: (config) => queryClient.setQueryData(key, config),
    onError: (_error, _enabled, context) => {
      if (context?.previous !== undefined) queryClient.setQueryData(key, context.previous);
    },
  });
}

export function useDeleteStatica(serverId: string) {
  return useStaticaWrite(serverId, async () => {
    await dashboardRequest<void>("/api/statica/delete", { method: "DELETE" });
    return null;
  });
}
