import type {
  BulkGiveawayBody,
  BulkGiveawayResponse,
  CreateGiveawayTemplateBody,
  GiveawayTemplate,
  UpdateGiveawayTemplateBody,
} from "@hearth/core";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { dashboardRequest } from "../../../lib/api-client";
import { retryTransient, serverMessage } from "../shared/errors";
import { dashboardKeys } from "../shared/query-keys";
import { useToast } from "../toasts/toast-context";

// Giveaway templates and bulk creation from one (issue 27, item 8).

export function templatesQuery(serverId: string) {
  return queryOptions({
    queryKey: dashboardKeys.giveawayTemplates(serverId),
    queryFn: ({ signal }) =>
      dashboardRequest<GiveawayTemplate[]>(`/api/giveaways/${serverId}/templates`, { signal }),
    retry: retryTransient,
  });
}

function useInvalidateGiveaways(serverId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: dashboardKeys.giveaways(serverId) });
}

/** Saves a template; the caller shows a refusal next to the name (errors are not toasted twice). */
export function useSaveTemplate(serverId: string) {
  const toast = useToast();
  const invalidate = useInvalidateGiveaways(serverId);
  return useMutation({
    mutationFn: (body: CreateGiveawayTemplateBody) =>
      dashboardRequest<GiveawayTemplate>(`/api/giveaways/${serverId}/templates`, { method: "POST", body }),
    onSuccess: (template) => toast.success("Template saved", template.name),
    onError: (error) => toast.error("Failed to save template", serverMessage(error)),
    onSettled: invalidate,
  });
}

export function useUpdateTemplate(serverId: string) {
  const toast = useToast();
  const invalidate = useInvalidateGiveaways(serverId);
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateGiveawayTemplateBody }) =>
      dashboardRequest<GiveawayTemplate>(`/api/giveaways/${serverId}/templates/${id}`, {
        method: "PATCH",
        body,
      }),
    onSuccess: () => toast.success("Template updated"),
    onError: (error) => toast.error("Failed to update template", serverMessage(error)),
    onSettled: invalidate,
  });
}

export function useDeleteTemplate(serverId: string) {
  const toast = useToast();
  const invalidate = useInvalidateGiveaways(serverId);
  return useMutation({
    mutationFn: (template: GiveawayTemplate) =>
      dashboardRequest<void>(`/api/giveaways/${serverId}/templates/${template.id}`, { method: "DELETE" }),
    onSuccess: (_result, template) => toast.success("Template deleted", template.name),
    onError: (error) => toast.error("Failed to delete template", serverMessage(error)),
    onSettled: invalidate,
  });
}

export function useBulkCreate(serverId: string) {
  const toast = useToast();
  const invalidate = useInvalidateGiveaways(serverId);
  return useMutation({
    mutationFn: (body: BulkGiveawayBody) =>
      dashboardRequest<BulkGiveawayResponse>(`/api/giveaways/${serverId}/bulk`, { method: "POST", body }),
    onSuccess: (result) =>
      toast.success(`${result.created.length} giveaway${result.created.length === 1 ? "" : "s"} started`),
    onError: (error) => toast.error("No giveaways were created", serverMessage(error)),
    onSettled: invalidate,
  });
}
