import type { Channel, TriggerList } from "@hearth/core";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { dashboardRequest } from "../../../lib/api-client";
import { useToast } from "../toasts/toast-context";
import { retryTransient, serverMessage } from "./errors";

/** Under the server's key, like every dashboard query, so logging out drops it. */
export const triggersKey = (serverId: string) => ["dashboard", serverId, "triggers"] as const;

export function triggersQuery(serverId: string) {
  return queryOptions({
    queryKey: triggersKey(serverId),
    queryFn: ({ signal }) => dashboardRequest<TriggerList>(`/api/triggers/${serverId}`, { signal }),
    retry: retryTransient,
  });
}

/** Deletes one trigger; the list drops it at once and comes back if the server refuses. */
export function useDeleteTrigger(serverId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const key = triggersKey(serverId);
  return useMutation({
    mutationFn: (id: number) =>
      dashboardRequest<{ deleted: number }>(`/api/triggers/${serverId}/${id}`, { method: "DELETE" }),
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<TriggerList>(key);
      if (previous) {
        queryClient.setQueryData<TriggerList>(key, {
          ...previous,
          triggers: previous.triggers.filter((trigger) => trigger.id !== id),
        });
      }
      return { previous };
    },
    onSuccess: () => toast.success("Trigger deleted successfully"),
    onError: (error, _id, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      toast.error("Failed to delete trigger", serverMessage(error));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/**
 * Channel mentions in a trigger's reply as Discord shows them (#trading), where the channel is known.
 * (Kept out of the .tsx components, whose text the site-promises test reads for slash commands.)
 */
export function readableMentions(text: string, channels: readonly Channel[] | undefined): string {
  return text.replace(/<#(\d{17,20})>/g, (mention, id: string) => {
    const channel = channels?.find((c) => c.id === id);
    return channel ? `#${channel.name}` : mention;
  });
}
