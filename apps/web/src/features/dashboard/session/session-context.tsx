import type { TokenInfo } from "@hearth/core";
import { createContext, useContext } from "react";

export interface DashboardSession {
  serverId: string;
  info: TokenInfo;
  /** Ends the session: token cleared, timers stopped, back to the root route. */
  logout: () => void;
}

export const DashboardSessionContext = createContext<DashboardSession | null>(null);

/** The checked session; only components under the session guard can ask. */
export function useDashboardSession(): DashboardSession {
  const session = useContext(DashboardSessionContext);
  if (!session) throw new Error("useDashboardSession must be used under <SessionGuard>");
  return session;
}
