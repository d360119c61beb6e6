import type {
  CreateTriggerBody,
  ServerSettings,
  ServerTrigger,
  TriggerPreview,
  TriggerPreviewBody,
  UpdateTriggerBody,
} from "@hearth/core";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { dashboardRequest } from "../../../lib/api-client";
import { serverMessage } from "../shared/errors";
import { dashboardKeys } from "../shared/query-keys";
import { triggersKey } from "../shared/triggers-api";
import { useToast } from "../toasts/toast-context";

/** A trigger's reply as the bot would post it, from the server (the bot's own reply builder). */
export function triggerPreviewQuery(serverId: string, body: TriggerPreviewBody | null) {
  return queryOptions({
    queryKey: [...triggersKey(serverId), "preview", JSON.stringify(body)] as const,
    queryFn: ({ signal }) =>
      dashboardRequest<TriggerPreview>(`/api/triggers/${serverId}/preview`, { method: "POST", body, signal }),
    enabled: body !== null,
    // A refused reply (an unknown tag) is the answer to show, not a hiccup to retry.
    retry: false,
    staleTime: 60_000,
  });
}

/** Saves a trigger: a new one (POST) or changes to one (PATCH by id); the list is read again. */
export function useSaveTrigger(serverId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (input: { id: number | null; body: CreateTriggerBody | UpdateTriggerBody }) =>
      input.id === null
        ? dashboardRequest<ServerTrigger>(`/api/triggers/${serverId}`, { method: "POST", body: input.body })
        : dashboardRequest<ServerTrigger>(`/api/triggers/${serverId}/${input.id}`, {
            method: "PATCH",
            body: input.body,
          }),
    onSuccess: (trigger, input) =>
      toast.success(
        input.id === null ? `Trigger “${trigger.keyword}” added` : `Trigger “${trigger.keyword}” saved`,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: triggersKey(serverId), exact: true }),
  });
}

/** Saves the member trigger limit (a server setting: `PUT /api/settings/edit`, admin only). */
export function useSaveMemberLimit(serverId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (memberTriggerLimit: number) =>
      dashboardRequest<ServerSettings>("/api/settings/edit", { method: "PUT", body: { memberTriggerLimit } }),
    onSuccess: (settings) => {
      queryClient.setQueryData(dashboardKeys.settings(serverId), settings);
      void queryClient.invalidateQueries({ queryKey: triggersKey(serverId), exact: true });
      toast.success(`Each member may now own ${settings.memberTriggerLimit} triggers`);
    },
    onError: (error) => toast.error("Failed to save the member limit", serverMessage(error)),
  });
}
