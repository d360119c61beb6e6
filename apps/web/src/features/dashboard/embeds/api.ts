import type {
  EmbedEditBody,
  EmbedMessage,
  EmbedPreview,
  EmbedPreviewBody,
  EmbedSendBody,
  EmbedSent,
  EmbedTemplateSaved,
  EmbedTemplates,
  SaveEmbedTemplateBody,
} from "@hearth/core";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { dashboardRequest } from "../../../lib/api-client";
import { retryTransient, serverMessage } from "../shared/errors";
import { useToast } from "../toasts/toast-context";

const base = (serverId: string) => `/api/embeds/${serverId}`;

/** The message the builder would send, from the server (the builder's own preview, tags filled for you). */
export function embedPreviewQuery(serverId: string, body: EmbedPreviewBody | null) {
  return queryOptions({
    queryKey: ["dashboard", serverId, "embeds", "preview", JSON.stringify(body)] as const,
    queryFn: ({ signal }) =>
      dashboardRequest<EmbedPreview>(`${base(serverId)}/preview`, { method: "POST", body, signal }),
    enabled: body !== null,
    // A refused draft is the answer to show, not a hiccup to retry.
    retry: false,
    staleTime: 60_000,
  });
}

/** Sends the embed to a channel. */
export function useSendEmbed(serverId: string) {
  const toast = useToast();
  return useMutation({
    mutationFn: (body: EmbedSendBody) =>
      dashboardRequest<EmbedSent>(`${base(serverId)}/send`, { method: "POST", body }),
    onSuccess: () => toast.success("Embed sent"),
    onError: (error) => toast.error("Failed to send the embed", serverMessage(error)),
  });
}

/** Updates a message Hearth posted in place. */
export function useEditEmbed(serverId: string) {
  const toast = useToast();
  return useMutation({
    mutationFn: (input: { channelId: string; messageId: string; body: EmbedEditBody }) =>
      dashboardRequest<EmbedSent>(`${base(serverId)}/messages/${input.channelId}/${input.messageId}`, {
        method: "PUT",
        body: input.body,
      }),
    onSuccess: () => toast.success("Message updated"),
    onError: (error) => toast.error("Failed to update the message", serverMessage(error)),
  });
}

/** Opens a message Hearth posted (its first embed and link buttons) for editing. */
export function useOpenEmbed(serverId: string) {
  return useMutation({
    mutationFn: (input: { channelId: string; messageId: string }) =>
      dashboardRequest<EmbedMessage>(`${base(serverId)}/messages/${input.channelId}/${input.messageId}`),
  });
}

const templatesKey = (serverId: string) => ["dashboard", serverId, "embeds", "templates"] as const;

/** The server's saved templates and the built-in ones (the `/embed create template:` choices). */
export function embedTemplatesQuery(serverId: string) {
  return queryOptions({
    queryKey: templatesKey(serverId),
    queryFn: ({ signal }) => dashboardRequest<EmbedTemplates>(`${base(serverId)}/templates`, { signal }),
    retry: retryTransient,
  });
}

/** Saves the builder's draft as a template (`replace` one of the same name). */
export function useSaveTemplate(serverId: string) {
  const toast = useToast();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveEmbedTemplateBody) =>
      dashboardRequest<EmbedTemplateSaved>(`${base(serverId)}/templates`, { method: "POST", body }),
    onSuccess: ({ template, replaced }) =>
      toast.success(`Template ${template.name} ${replaced ? "replaced" : "saved"}`),
    onError: (error) => toast.error("Failed to save the template", serverMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: templatesKey(serverId) }),
  });
}

export function useDeleteTemplate(serverId: string) {
  const toast = useToast();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      dashboardRequest<{ deleted: number }>(`${base(serverId)}/templates/${id}`, { method: "DELETE" }),
    onSuccess: () => toast.success("Template deleted"),
    onError: (error) => toast.error("Failed to delete the template", serverMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: templatesKey(serverId) }),
  });
}
