import type {
  Channel,
  GiveawayStats,
  Grinder,
  Role,
  ServerInfo,
  ServerSettings,
  ServerSetup,
  TokenInfo,
} from "@hearth/core";
import { keepPreviousData, type QueryKey, queryOptions } from "@tanstack/react-query";
import { dashboardAllPages, dashboardRequest } from "../../../lib/api-client";
import { retryTransient } from "./errors";
import { dashboardKeys } from "./query-keys";

/** A short, non-secret name for a token, so a new token never reuses the old session's answer. */
export function tokenFingerprint(token: string): string {
  let hash = 0;
  for (const char of token) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return (hash >>> 0).toString(36);
}

export function tokenInfoQuery(token: string) {
  return queryOptions({
    queryKey: dashboardKeys.session(tokenFingerprint(token)),
    queryFn: ({ signal }) => dashboardRequest<TokenInfo>("/api/dashboard/token-info", { signal }),
    retry: retryTransient,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function serverInfoQuery(serverId: string) {
  return queryOptions({
    queryKey: dashboardKeys.info(serverId),
    queryFn: ({ signal }) => dashboardRequest<ServerInfo>("/api/dashboard/server", { signal }),
    retry: retryTransient,
  });
}

export function channelsQuery(serverId: string) {
  return queryOptions({
    queryKey: dashboardKeys.channels(serverId),
    queryFn: ({ signal }) => dashboardRequest<Channel[]>("/api/dashboard/channels", { signal }),
    retry: retryTransient,
    staleTime: 5 * 60_000,
  });
}

export function rolesQuery(serverId: string) {
  return queryOptions({
    queryKey: dashboardKeys.roles(serverId),
    queryFn: ({ signal }) => dashboardRequest<Role[]>("/api/dashboard/roles", { signal }),
    retry: retryTransient,
    staleTime: 5 * 60_000,
  });
}

/** Channel type 0: the channel selects offer text channels only (spec §2). */
export const TEXT_CHANNEL = 0;
export const CATEGORY_CHANNEL = 4;

export function textChannels(channels: readonly Channel[] | undefined): Channel[] {
  return (channels ?? []).filter((channel) => channel.type === TEXT_CHANNEL);
}

export function categoryChannels(channels: readonly Channel[] | undefined): Channel[] {
  return (channels ?? []).filter((channel) => channel.type === CATEGORY_CHANNEL);
}

/** Roles a manager may hand out: not managed by an integration (bots, boosts). */
export function assignableRoles(roles: readonly Role[] | undefined): Role[] {
  return (roles ?? []).filter((role) => !role.managed);
}

// Data more than one tab reads: the grinders (overview, grinders), the setup and its tiers
// (overview, grinders, setup), the settings (overview, settings) and giveaway stats.

export function grindersQuery(serverId: string) {
  return queryOptions({
    queryKey: dashboardKeys.grinders(serverId),
    // The whole roster (the overview's figures, the tab's filters and counts), 500 a page.
    queryFn: ({ signal }) =>
      dashboardAllPages<Grinder>(`/api/grinders/${serverId}/grinders?limit=500`, { signal }),
    retry: retryTransient,
  });
}

export function setupQuery(serverId: string) {
  return queryOptions({
    queryKey: dashboardKeys.setup(serverId),
    queryFn: ({ signal }) => dashboardRequest<ServerSetup>(`/api/server/${serverId}/setup`, { signal }),
    retry: retryTransient,
  });
}

export function settingsQuery(serverId: string) {
  return queryOptions({
    queryKey: dashboardKeys.settings(serverId),
    queryFn: ({ signal }) => dashboardRequest<ServerSettings>("/api/settings/fetch", { signal }),
    retry: retryTransient,
  });
}

export function giveawayStatsQuery(serverId: string) {
  return queryOptions({
    queryKey: dashboardKeys.giveawayStats(serverId),
    queryFn: ({ signal }) =>
      dashboardRequest<GiveawayStats>(`/api/giveaways/bb/stats/${serverId}`, { signal }),
    retry: retryTransient,
  });
}

/**
 * A message as the server would post it, from a feature's preview route (`POST …/preview`): built by
 * the function that posts it, so the preview is the post. Null `body`: nothing to preview yet. A
 * refused draft (a 400) is the answer to show, not a hiccup to retry. `keepPrevious` shows the last
 * preview while the next one renders.
 */
export function previewQuery<T>(
  queryKey: QueryKey,
  path: string,
  body: unknown,
  { keepPrevious = true, staleTime = 60_000 }: { keepPrevious?: boolean; staleTime?: number } = {},
) {
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => dashboardRequest<T>(path, { method: "POST", body, signal }),
    enabled: body !== null,
    ...(keepPrevious ? { placeholderData: keepPreviousData } : {}),
    retry: false,
    staleTime,
  });
}
