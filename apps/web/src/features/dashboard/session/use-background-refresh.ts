import { useQueryClient } from "@tanstack/react-query";
import { type RefObject, useEffect } from "react";
import { hasSession } from "../../../lib/session";
import { refreshedKeys } from "../shared/query-keys";
import { createActivityTracker, REFRESH_INTERVAL_MS } from "./activity";

/**
 * Every 30 s reloads server info, grinders, stats and settings, unless the user typed in the last
 * 3 s (spec §4). Input events inside `root` mark activity; leaving a field clears it after 1 s.
 * A session found expired on a tick ends the dashboard. Failures are logged by the session guard.
 */
export function useBackgroundRefresh(
  root: RefObject<HTMLElement | null>,
  serverId: string,
  onSessionGone: () => void,
): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    const element = root.current;
    const tracker = createActivityTracker();
    const onInput = () => tracker.markInput();
    const onBlur = () => tracker.markBlur();
    element?.addEventListener("input", onInput);
    element?.addEventListener("focusout", onBlur);

    const timer = setInterval(() => {
      if (!hasSession()) {
        onSessionGone();
        return;
      }
      if (tracker.isActive()) return;
      for (const queryKey of refreshedKeys(serverId)) {
        // Only what has been loaded; a tab never opened is not fetched behind the user's back.
        void queryClient.refetchQueries({ queryKey, type: "active" });
      }
    }, REFRESH_INTERVAL_MS);

    return () => {
      clearInterval(timer);
      tracker.dispose();
      element?.removeEventListener("input", onInput);
      element?.removeEventListener("focusout", onBlur);
    };
  }, [root, serverId, queryClient, onSessionGone]);
}
