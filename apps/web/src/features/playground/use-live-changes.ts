import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { config } from "../../config";
import { sandboxKey } from "./api";

export type LiveState = "connecting" | "live" | "reconnecting";

/**
 * Listens to the sandbox's server-sent events: whatever changes it (this page, the dashboard in
 * another tab, a job) makes the playground read what it shows again, at once. The browser's
 * EventSource reconnects by itself; the state says whether updates are flowing.
 */
export function useLiveChanges(): LiveState {
  const client = useQueryClient();
  const [state, setState] = useState<LiveState>("connecting");
  useEffect(() => {
    const source = new EventSource(`${config.apiBaseUrl}/api/sandbox/live`);
    source.addEventListener("open", () => setState("live"));
    source.addEventListener("error", () => setState("reconnecting"));
    source.addEventListener("change", () => {
      void client.invalidateQueries({ queryKey: sandboxKey });
    });
    return () => source.close();
  }, [client]);
  return state;
}
