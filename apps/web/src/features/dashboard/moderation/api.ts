import type {
  ModerationActionBody,
  ModerationActionResult,
  ModerationCaseAction,
  ModerationCaseDetail,
  ModerationCaseList,
  ModerationCaseView,
  ModerationDmPreview,
  ModerationDmPreviewBody,
} from "@hearth/core";
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { dashboardRequest } from "../../../lib/api-client";
import { previewQuery } from "../shared/api";
import { retryTransient, serverMessage } from "../shared/errors";
import { dashboardKeys } from "../shared/query-keys";
import { useToast } from "../toasts/toast-context";

export const casePageSize = 20;

export interface CaseFilter {
  userId: string | null;
  action: ModerationCaseAction | null;
  /** Only temporary bans still running. */
  open: boolean;
  /** 1-based, as the pager counts. */
  page: number;
}

const base = (serverId: string) => `/api/moderation/${serverId}`;
const keys = {
  all: (serverId: string) => [...dashboardKeys.server(serverId), "moderation"] as const,
  cases: (serverId: string, filter: CaseFilter) =>
    [...dashboardKeys.server(serverId), "moderation", "cases", JSON.stringify(filter)] as const,
  detail: (serverId: string, caseNumber: number) =>
    [...dashboardKeys.server(serverId), "moderation", "case", String(caseNumber)] as const,
};

export function casesQuery(serverId: string, filter: CaseFilter) {
  const params = new URLSearchParams({ page: String(filter.page - 1), limit: String(casePageSize) });
  if (filter.userId) params.set("userId", filter.userId);
  if (filter.action) params.set("action", filter.action);
  if (filter.open) params.set("open", "true");
  return queryOptions({
    queryKey: keys.cases(serverId, filter),
    queryFn: ({ signal }) =>
      dashboardRequest<ModerationCaseList>(`${base(serverId)}/cases?${params}`, { signal }),
    retry: retryTransient,
    placeholderData: keepPreviousData,
  });
}

export function caseDetailQuery(serverId: string, caseNumber: number) {
  return queryOptions({
    queryKey: keys.detail(serverId, caseNumber),
    queryFn: ({ signal }) =>
      dashboardRequest<ModerationCaseDetail>(`${base(serverId)}/cases/${caseNumber}`, { signal }),
    retry: retryTransient,
  });
}

const done: Record<ModerationActionBody["action"], string> = {
  ban: "Banned",
  kick: "Kicked",
  timeout: "Timed out",
  warn: "Warned",
};

/**
 * The DM the action would send the member, built by the server with the action's own function
 * (nothing is sent). Off while `body` is null. Beside the case keys, so a new case doesn't re-ask it.
 */
export function moderationDmPreviewQuery(serverId: string, body: ModerationDmPreviewBody | null) {
  const key = JSON.stringify(body);
  return previewQuery<ModerationDmPreview>(
    ["dashboard", serverId, "moderation-dm-preview", key],
    `${base(serverId)}/dm-preview`,
    body,
  );
}

export function useModerate(serverId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (body: ModerationActionBody) =>
      dashboardRequest<ModerationActionResult>(`${base(serverId)}/actions`, { method: "POST", body }),
    onSuccess: (result, body) =>
      toast.success(
        `${done[body.action]} ${result.case.targetName ?? "the member"} · case #${result.case.caseNumber}`,
        body.action === "timeout"
          ? undefined
          : result.notified
            ? "They were told by DM."
            : "Their DMs are closed, so they weren't told.",
      ),
    onError: (error) => toast.error("The action failed", serverMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.all(serverId) }),
  });
}

export function useUnban(serverId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (body: { userId: string; reason?: string | null }) =>
      dashboardRequest<ModerationCaseView>(`${base(serverId)}/unban`, { method: "POST", body }),
    onSuccess: (entry) =>
      toast.success(`Unbanned ${entry.targetName ?? "the user"} · case #${entry.caseNumber}`),
    onError: (error) => toast.error("The unban failed", serverMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.all(serverId) }),
  });
}
