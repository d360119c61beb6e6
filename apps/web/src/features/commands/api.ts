import type { CommandsResponse } from "@hearth/core";
import { type CommandEntry, commandCatalogue } from "@hearth/core/commands";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { apiGet } from "../../lib/api-client";

/**
 * The commands the bot registers, from `GET /api/commands` (the server's handler registry): the site
 * lists and counts only these catalogue entries, so it never promises a command without a handler.
 */
export const commandsQuery = queryOptions({
  queryKey: ["commands"],
  queryFn: ({ signal }) => apiGet<CommandsResponse>("/api/commands", signal),
  staleTime: 5 * 60_000,
});

/** The catalogue entries the bot registers (catalogue order), once the server has answered. */
export function useShownCommands() {
  const query = useQuery(commandsQuery);
  const entries = useMemo<CommandEntry[] | undefined>(() => {
    if (!query.data) return undefined;
    const registered = new Set(query.data.commands);
    return commandCatalogue.filter((entry) => registered.has(entry.name));
  }, [query.data]);
  return { ...query, entries };
}
