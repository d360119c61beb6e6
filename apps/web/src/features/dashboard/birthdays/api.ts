import type {
  BirthdaySettingsBody,
  BirthdaySettingsView,
  BirthdaysOverview,
  BotMessagePreview,
  OwnBirthday,
  OwnBirthdayBody,
} from "@hearth/core";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { dashboardRequest } from "../../../lib/api-client";
import { retryTransient, serverMessage } from "../shared/errors";
import { dashboardKeys } from "../shared/query-keys";
import { useToast } from "../toasts/toast-context";

/** The page lists this many of the next birthdays (the API's most). */
export const birthdayListSize = 100;

const base = (serverId: string) => `/api/birthdays/${serverId}`;
const keys = {
  overview: (serverId: string) => [...dashboardKeys.server(serverId), "birthdays"] as const,
  preview: (serverId: string, message: string | null) =>
    [...dashboardKeys.server(serverId), "birthdays", "preview", message ?? ""] as const,
};

export function birthdaysQuery(serverId: string) {
  return queryOptions({
    queryKey: keys.overview(serverId),
    queryFn: ({ signal }) =>
      dashboardRequest<BirthdaysOverview>(`${base(serverId)}?limit=${birthdayListSize}`, { signal }),
    retry: retryTransient,
  });
}

/** The announcement the bot would post with this message (the server builds it with the job's code). */
export function birthdayPreviewQuery(serverId: string, message: string | null) {
  return queryOptions({
    queryKey: keys.preview(serverId, message),
    queryFn: ({ signal }) =>
      dashboardRequest<BotMessagePreview>(`${base(serverId)}/preview`, {
        method: "POST",
        body: { message },
        signal,
      }),
    retry: false,
    staleTime: 60_000,
  });
}

function useInvalidate(serverId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: keys.overview(serverId) });
}

export function useSaveBirthdaySettings(serverId: string) {
  const toast = useToast();
  const invalidate = useInvalidate(serverId);
  return useMutation({
    mutationFn: (body: BirthdaySettingsBody) =>
      dashboardRequest<{ settings: BirthdaySettingsView; roleWarning: string | null }>(
        `${base(serverId)}/settings`,
        { method: "PUT", body },
      ),
    onSuccess: (saved) =>
      saved.roleWarning
        ? toast.error("Saved, but the role can't be given yet", saved.roleWarning)
        : toast.success("Birthday announcements saved"),
    onError: (error) => toast.error("Failed to save the birthday setup", serverMessage(error)),
    onSettled: invalidate,
  });
}

export function useSaveOwnBirthday(serverId: string) {
  const toast = useToast();
  const invalidate = useInvalidate(serverId);
  return useMutation({
    mutationFn: (body: OwnBirthdayBody) =>
      dashboardRequest<OwnBirthday>(`${base(serverId)}/mine`, { method: "PUT", body }),
    onSuccess: () => toast.success("Your birthday is saved"),
    onError: (error) => toast.error("Failed to save your birthday", serverMessage(error)),
    onSettled: invalidate,
  });
}

export function useForgetOwnBirthday(serverId: string) {
  const toast = useToast();
  const invalidate = useInvalidate(serverId);
  return useMutation({
    mutationFn: () => dashboardRequest<{ removed: boolean }>(`${base(serverId)}/mine`, { method: "DELETE" }),
    onSuccess: () => toast.success("Your birthday is forgotten in this server"),
    onError: (error) => toast.error("Failed to forget your birthday", serverMessage(error)),
    onSettled: invalidate,
  });
}

export function useRemoveMemberBirthday(serverId: string) {
  const toast = useToast();
  const invalidate = useInvalidate(serverId);
  return useMutation({
    mutationFn: (userId: string) =>
      dashboardRequest<{ removed: boolean }>(`${base(serverId)}/members/${userId}`, { method: "DELETE" }),
    onSuccess: () => toast.success("Birthday removed"),
    onError: (error) => toast.error("Failed to remove the birthday", serverMessage(error)),
    onSettled: invalidate,
  });
}
