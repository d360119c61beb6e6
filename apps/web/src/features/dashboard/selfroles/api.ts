import type {
  BotMessagePreview,
  CreateSelfRolePanelBody,
  EditSelfRolePanelBody,
  SelfRolePreviewBody,
  SelfRolesOverview,
} from "@hearth/core";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { dashboardRequest } from "../../../lib/api-client";
import { previewQuery } from "../shared/api";
import { retryTransient, serverMessage } from "../shared/errors";
import { dashboardKeys } from "../shared/query-keys";
import { useToast } from "../toasts/toast-context";

const base = (serverId: string) => `/api/selfroles/${serverId}`;
const key = (serverId: string) => [...dashboardKeys.server(serverId), "selfroles"] as const;

export function selfRolesQuery(serverId: string) {
  return queryOptions({
    queryKey: key(serverId),
    queryFn: ({ signal }) => dashboardRequest<SelfRolesOverview>(base(serverId), { signal }),
    retry: retryTransient,
  });
}

/** The panel message as the bot would post it, built by the server's own function. */
export function usePanelPreview(serverId: string, body: SelfRolePreviewBody | null) {
  return useQuery(
    previewQuery<BotMessagePreview>(
      [...key(serverId), "preview", JSON.stringify(body)],
      `${base(serverId)}/preview`,
      body,
      { staleTime: Number.POSITIVE_INFINITY },
    ),
  );
}

function useSelfRolesMutation<T, R>(
  serverId: string,
  run: (input: T) => Promise<R>,
  done: (result: R) => string,
  failed: string,
) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: run,
    onSuccess: (result) => toast.success(done(result)),
    onError: (error) => toast.error(failed, serverMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key(serverId) }),
  });
}

export const useCreatePanel = (serverId: string) =>
  useSelfRolesMutation(
    serverId,
    (body: CreateSelfRolePanelBody) =>
      dashboardRequest<{ panel: { name: string }; warnings: string[] }>(`${base(serverId)}/panels`, {
        method: "POST",
        body,
      }),
    ({ panel, warnings }) =>
      `Panel ${panel.name} posted${warnings.length > 0 ? ` — ${warnings.join(" ")}` : ""}`,
    "Failed to post the panel",
  );

export const useEditPanel = (serverId: string) =>
  useSelfRolesMutation(
    serverId,
    ({ id, body }: { id: number; body: EditSelfRolePanelBody }) =>
      dashboardRequest<{ panel: { name: string }; warnings: string[]; redrawn: number }>(
        `${base(serverId)}/panels/${id}`,
        { method: "PATCH", body },
      ),
    ({ panel, warnings, redrawn }) =>
      `Panel ${panel.name} saved${redrawn > 0 ? ` and ${redrawn === 1 ? "its message" : `its ${redrawn} messages`} updated` : ""}${warnings.length > 0 ? ` — ${warnings.join(" ")}` : ""}`,
    "Failed to save the panel",
  );

export const useDeletePanel = (serverId: string) =>
  useSelfRolesMutation(
    serverId,
    (id: number) =>
      dashboardRequest<{ deleted: number }>(`${base(serverId)}/panels/${id}`, { method: "DELETE" }),
    () => "Panel deleted",
    "Failed to delete the panel",
  );

export const useWhitelistRole = (serverId: string) =>
  useSelfRolesMutation(
    serverId,
    (roleId: string) =>
      dashboardRequest<{ warnings: string[] }>(`${base(serverId)}/whitelist`, {
        method: "POST",
        body: { roleId },
      }),
    ({ warnings }) => `Role whitelisted${warnings.length > 0 ? ` — ${warnings.join(" ")}` : ""}`,
    "Failed to whitelist the role",
  );

export const useUnlistRole = (serverId: string) =>
  useSelfRolesMutation(
    serverId,
    (roleId: string) =>
      dashboardRequest<{ panels: number }>(`${base(serverId)}/whitelist/${roleId}`, { method: "DELETE" }),
    ({ panels }) =>
      `Role taken off the whitelist${panels > 0 ? ` and ${panels} panel${panels === 1 ? "" : "s"}` : ""}`,
    "Failed to take the role off the whitelist",
  );
