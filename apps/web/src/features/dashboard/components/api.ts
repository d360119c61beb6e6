import type {
  BotMessagePreview,
  MessageComponentCreateBody,
  MessageComponentDefinitionInput,
  MessageComponentItem,
  MessageComponentList,
} from "@hearth/core";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { dashboardRequest } from "../../../lib/api-client";
import { previewQuery } from "../shared/api";
import { retryTransient, serverMessage } from "../shared/errors";
import { dashboardKeys } from "../shared/query-keys";
import { useToast } from "../toasts/toast-context";

const base = (serverId: string) => `/api/components/${serverId}`;
export const componentKeys = {
  list: (serverId: string) => [...dashboardKeys.server(serverId), "components"] as const,
  preview: (serverId: string, draft: string) =>
    [...dashboardKeys.server(serverId), "components", "preview", draft] as const,
};

export function componentsQuery(serverId: string) {
  return queryOptions({
    queryKey: componentKeys.list(serverId),
    queryFn: ({ signal }) => dashboardRequest<MessageComponentList>(base(serverId), { signal }),
    retry: retryTransient,
  });
}

/** The draft as the bot would post it, drawn by the server's own posting code (nothing is saved). */
export function useComponentPreview(serverId: string, body: MessageComponentCreateBody | null) {
  const key = JSON.stringify(body);
  return useQuery(
    previewQuery<BotMessagePreview>(componentKeys.preview(serverId, key), `${base(serverId)}/preview`, body, {
      staleTime: Number.POSITIVE_INFINITY,
    }),
  );
}

type Saved = { component: MessageComponentItem };

export function useSaveComponent(serverId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: ({
      componentId,
      ...body
    }: MessageComponentCreateBody & {
      componentId: string | null;
      definition: MessageComponentDefinitionInput;
    }) =>
      componentId
        ? dashboardRequest<Saved>(`${base(serverId)}/${componentId}`, {
            method: "PUT",
            body: { name: body.name, definition: body.definition },
          })
        : dashboardRequest<Saved>(base(serverId), { method: "POST", body }),
    onSuccess: ({ component }, { componentId }) =>
      toast.success(
        componentId
          ? component.postedCount > 0
            ? `Saved; ${component.postedCount} posted ${component.postedCount === 1 ? "copy" : "copies"} updated`
            : "Component saved"
          : "Component created",
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: componentKeys.list(serverId) }),
  });
}

export function useDeleteComponent(serverId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (componentId: string) =>
      dashboardRequest<{ componentId: string; stripped: number }>(`${base(serverId)}/${componentId}`, {
        method: "DELETE",
      }),
    onSuccess: () => toast.success("Component deleted"),
    onError: (error) => toast.error("Failed to delete the component", serverMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: componentKeys.list(serverId) }),
  });
}

export function usePostComponent(serverId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ componentId, channelId }: { componentId: string; channelId: string }) =>
      dashboardRequest<{ messageId: string; channelId: string }>(`${base(serverId)}/${componentId}/post`, {
        method: "POST",
        body: { channelId },
      }),
    onSuccess: () => toast.success("Component posted"),
    onError: (error) => toast.error("Failed to post the component", serverMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: componentKeys.list(serverId) }),
  });
}
