import type {
  SandboxAnswersResponse,
  SandboxCommandsResponse,
  SandboxEventBody,
  SandboxMessagesResponse,
  SandboxServerResponse,
} from "@hearth/core";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiRequest } from "../../lib/api-client";

// The playground's calls (`/api/sandbox/…`). Everything it shows is read again when the sandbox
// says it changed (use-live-changes.ts), so mutations only invalidate the playground's queries.

export const sandboxKey = ["sandbox"] as const;

export function serverQuery(as: string | null) {
  return queryOptions({
    queryKey: [...sandboxKey, "server", as],
    queryFn: ({ signal }) =>
      apiGet<SandboxServerResponse>(
        `/api/sandbox/server${as ? `?as=${encodeURIComponent(as)}` : ""}`,
        signal,
      ),
    placeholderData: (previous) => previous,
    retry: false,
  });
}

export function messagesQuery(channelId: string, as: string | null, limit: number) {
  const params = new URLSearchParams({ limit: String(limit) });
  if (as) params.set("as", as);
  return queryOptions({
    queryKey: [...sandboxKey, "messages", channelId, as, limit],
    queryFn: ({ signal }) =>
      apiGet<SandboxMessagesResponse>(
        `/api/sandbox/channels/${encodeURIComponent(channelId)}/messages?${params}`,
        signal,
      ),
    placeholderData: (previous, query) => (query?.queryKey[3] === channelId ? previous : undefined),
  });
}

export function commandsQuery(as: string) {
  return queryOptions({
    queryKey: [...sandboxKey, "commands", as],
    queryFn: ({ signal }) =>
      apiGet<SandboxCommandsResponse>(`/api/sandbox/commands?as=${encodeURIComponent(as)}`, signal),
    placeholderData: (previous) => previous,
  });
}

export function jobsQuery() {
  return queryOptions({
    queryKey: [...sandboxKey, "jobs"],
    queryFn: ({ signal }) =>
      apiGet<{ jobs: { id: number; kind: string; runAt: number }[] }>("/api/sandbox/jobs", signal),
  });
}

/** A POST to the playground that refreshes what it shows once done. */
function usePlaygroundMutation<Body, Answer>(path: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => apiRequest<Answer>(path, { method: "POST", body }),
    onSettled: () => client.invalidateQueries({ queryKey: sandboxKey }),
  });
}

export const useSendMessage = () =>
  usePlaygroundMutation<{ channelId: string; userId: string; content: string }, { id: string }>(
    "/api/sandbox/messages",
  );

export const useRunCommand = () =>
  usePlaygroundMutation<
    { channelId: string; userId: string; name: string; options: Record<string, string | number | boolean> },
    SandboxAnswersResponse
  >("/api/sandbox/interactions/command");

export const usePressButton = () =>
  usePlaygroundMutation<{ userId: string; messageId: string; customId: string }, SandboxAnswersResponse>(
    "/api/sandbox/interactions/button",
  );

export const useChooseOptions = () =>
  usePlaygroundMutation<
    { userId: string; messageId: string; customId: string; values: string[] },
    SandboxAnswersResponse
  >("/api/sandbox/interactions/select");

export const useSubmitModal = () =>
  usePlaygroundMutation<
    {
      userId: string;
      channelId: string;
      customId: string;
      messageId: string | null;
      fields: Record<string, string>;
    },
    SandboxAnswersResponse
  >("/api/sandbox/interactions/modal");

export const useReact = () =>
  usePlaygroundMutation<
    { channelId: string; messageId: string; userId: string; emoji: string; remove: boolean },
    { changed: boolean }
  >("/api/sandbox/reactions");

export const useSimulateEvent = () =>
  usePlaygroundMutation<SandboxEventBody, { message: string; userId: string | null }>("/api/sandbox/events");

export const useFastForward = () =>
  usePlaygroundMutation<{ jobId: number | null }, { ran: number }>("/api/sandbox/fast-forward");

export const useResetSandbox = () =>
  usePlaygroundMutation<{ confirm: "reset" }, { message: string }>("/api/sandbox/reset");
