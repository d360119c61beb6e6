import type {
  BoardItem,
  BoardList,
  BoardPreviewBody,
  BotMessagePreview,
  CreateBoardBody,
  EditBoardBody,
} from "@hearth/core";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { dashboardRequest } from "../../../lib/api-client";
import { previewQuery } from "../shared/api";
import { retryTransient, serverMessage } from "../shared/errors";
import { dashboardKeys } from "../shared/query-keys";
import { useToast } from "../toasts/toast-context";

const base = (serverId: string) => `/api/boards/${serverId}`;
const listKey = (serverId: string) => [...dashboardKeys.server(serverId), "boards"] as const;

export function boardsQuery(serverId: string) {
  return queryOptions({
    queryKey: listKey(serverId),
    queryFn: ({ signal }) => dashboardRequest<BoardList>(base(serverId), { signal }),
    retry: retryTransient,
  });
}

/** A sample message's post on a board with these settings, built by the bot's own function. */
export function useBoardPreview(serverId: string, body: BoardPreviewBody | null) {
  return useQuery(
    previewQuery<BotMessagePreview>(
      [...listKey(serverId), "preview", JSON.stringify(body)],
      `${base(serverId)}/preview`,
      body,
      { staleTime: Number.POSITIVE_INFINITY },
    ),
  );
}

export function useCreateBoard(serverId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (body: CreateBoardBody) =>
      dashboardRequest<BoardItem>(base(serverId), { method: "POST", body }),
    onSuccess: (board) => toast.success(`Board ${board.name} created`),
    onError: (error) => toast.error("Failed to create the board", serverMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey(serverId) }),
  });
}

export function useEditBoard(serverId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ id, ...body }: EditBoardBody & { id: number }) =>
      dashboardRequest<BoardItem>(`${base(serverId)}/${id}`, { method: "PATCH", body }),
    onSuccess: (board) => toast.success(`Board ${board.name} saved`),
    onError: (error) => toast.error("Failed to save the board", serverMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey(serverId) }),
  });
}

export function useDeleteBoard(serverId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (id: number) =>
      dashboardRequest<{ board: BoardItem; posts: number }>(`${base(serverId)}/${id}`, { method: "DELETE" }),
    onSuccess: ({ board }) => toast.success(`Board ${board.name} deleted`),
    onError: (error) => toast.error("Failed to delete the board", serverMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey(serverId) }),
  });
}
