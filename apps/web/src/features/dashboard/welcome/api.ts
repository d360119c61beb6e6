import type { PingOnJoinConfig, WelcomeConfig, WelcomePreview } from "@hearth/core";
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { dashboardRequest } from "../../../lib/api-client";
import { retryTransient } from "../shared/errors";
import { dashboardKeys } from "../shared/query-keys";

export interface WelcomeChannel {
  id: string;
  name: string;
  type: number;
  parentName: string | null;
}

export function welcomeQuery(serverId: string) {
  return queryOptions({
    queryKey: dashboardKeys.welcome(serverId),
    queryFn: ({ signal }) => dashboardRequest<WelcomeConfig>("/api/welcome/config", { signal }),
    retry: retryTransient,
  });
}

/** Channels a welcome can go to; a failed load is only logged (spec §8). */
export function welcomeChannelsQuery(serverId: string) {
  return queryOptions({
    queryKey: dashboardKeys.welcomeChannels(serverId),
    queryFn: async ({ signal }) => {
      try {
        return await dashboardRequest<WelcomeChannel[]>("/api/welcome/channels", { signal });
      } catch (error) {
        console.warn("Could not load the welcome channels", error);
        return [];
      }
    },
    staleTime: 5 * 60_000,
  });
}

/** The rendered welcome for the config on screen; keyed by its text so each version renders once. */
export function welcomePreviewQuery(serverId: string, config: WelcomeConfig | null) {
  const text = config ? JSON.stringify(config) : "";
  return queryOptions({
    queryKey: [...dashboardKeys.welcome(serverId), "preview", text] as const,
    queryFn: ({ signal }) =>
      dashboardRequest<WelcomePreview>("/api/welcome/preview", { method: "POST", body: { config }, signal }),
    enabled: config !== null,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function pingOnJoinQuery(serverId: string) {
  return queryOptions({
    queryKey: dashboardKeys.pingOnJoin(serverId),
    queryFn: ({ signal }) => dashboardRequest<PingOnJoinConfig>("/api/welcome/ping-on-join", { signal }),
    retry: retryTransient,
  });
}

/** A welcome write; its answer (the stored config) replaces the cached one. */
export function useWelcomeWrite<V>(serverId: string, request: (variables: V) => Promise<WelcomeConfig>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (config) => queryClient.setQueryData(dashboardKeys.welcome(serverId), config),
  });
}

export function useSaveWelcome(serverId: string) {
  return useWelcomeWrite(serverId, (config: WelcomeConfig) =>
    dashboardRequest<WelcomeConfig>("/api/welcome/config", { method: "PUT", body: config }),
  );
}

export function useToggleWelcome(serverId: string) {
  return useWelcomeWrite(serverId, (enabled: boolean) =>
    dashboardRequest<WelcomeConfig>("/api/welcome/toggle", { method: "POST", body: { enabled } }),
  );
}

export function useTestWelcome() {
  return useMutation({
    mutationFn: (config: WelcomeConfig) =>
      dashboardRequest<unknown>("/api/welcome/test", { method: "POST", body: { config } }),
  });
}

function usePingWrite<V>(serverId: string, request: (variables: V) => Promise<PingOnJoinConfig>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (config) => queryClient.setQueryData(dashboardKeys.pingOnJoin(serverId), config),
  });
}

export function useTogglePing(serverId: string) {
  return usePingWrite(serverId, (enabled: boolean) =>
    dashboardRequest<PingOnJoinConfig>("/api/welcome/ping-on-join/toggle", {
      method: "POST",
      body: { enabled },
    }),
  );
}

export function useAddPingChannel(serverId: string) {
  return usePingWrite(serverId, (channelId: string) =>
    dashboardRequest<PingOnJoinConfig>("/api/welcome/ping-on-join/channels", {
      method: "POST",
      body: { channelId },
    }),
  );
}

export function useRemovePingChannel(serverId: string) {
  return usePingWrite(serverId, (channelId: string) =>
    dashboardRequest<PingOnJoinConfig>(`/api/welcome/ping-on-join/channels/${channelId}`, {
      method: "DELETE",
    }),
  );
}

export function useSavePing(serverId: string) {
  return usePingWrite(serverId, (config: PingOnJoinConfig) =>
    dashboardRequest<PingOnJoinConfig>("/api/welcome/ping-on-join", { method: "PUT", body: config }),
  );
}
