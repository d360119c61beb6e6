import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useCallback, useEffect, useMemo, useRef } from "react";
import { Navigate, useLocation, useNavigate, useParams } from "react-router";
import { buttonClass } from "../../../components/ui/button-styles";
import { LoadingState, MessagePanel } from "../../../components/ui/status-message";
import { ApiError } from "../../../lib/api-client";
import { useLoginModal } from "../../../lib/login-modal-context";
import { clearSession } from "../../../lib/session";
import { useSessionToken } from "../../../lib/use-session";
import { tokenInfoQuery } from "../shared/api";
import { isAuthError, serverMessage } from "../shared/errors";
import { dashboardKeys } from "../shared/query-keys";
import { decideRoute } from "./route-check";
import { type DashboardSession, DashboardSessionContext } from "./session-context";

export const LOAD_FAILURE_MESSAGE = "Failed to load dashboard data. Please try again.";

/**
 * The dashboard's one gate (spec §§2, 4, 6): no token → root with the login modal; the token's
 * server decides the route; a 401/403 while loading logs out. Nothing under it renders before
 * the check passes.
 */
export function SessionGuard({ children }: { children: ReactNode }) {
  const token = useSessionToken();
  const { serverId: routeServerId } = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  const loginModal = useLoginModal();
  const queryClient = useQueryClient();
  // A deliberate logout (button or 401) goes to the root quietly; arriving without a token asks for one.
  const leaving = useRef(false);

  const logout = useCallback(() => {
    leaving.current = true;
    clearSession();
  }, []);

  const openLogin = useRef(loginModal.open);
  openLogin.current = loginModal.open;

  useEffect(() => {
    if (token) return;
    // The dashboard has unmounted (nothing renders without a token), so its data can go.
    queryClient.removeQueries({ queryKey: dashboardKeys.all });
    if (!leaving.current) openLogin.current();
    navigate("/", { replace: true });
  }, [token, queryClient, navigate]);

  // A 401/403 on a first load ends the session; a failed refresh only gets logged (spec §8).
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== "updated" || event.action.type !== "error") return;
        if (event.query.queryKey[0] !== dashboardKeys.all[0]) return;
        const error = event.action.error;
        if (event.query.state.data === undefined) {
          if (isAuthError(error)) logout();
        } else {
          console.warn("Dashboard refresh failed", error);
        }
      }),
    [queryClient, logout],
  );

  const info = useQuery({ ...tokenInfoQuery(token ?? ""), enabled: token !== null });

  const session = useMemo<DashboardSession | null>(
    () => (info.data ? { serverId: info.data.serverId, info: info.data, logout } : null),
    [info.data, logout],
  );

  if (!token) return null;
  if (info.isPending) return <LoadingState>Checking your dashboard access…</LoadingState>;
  if (info.isError || !session?.serverId) {
    if (isAuthError(info.error)) return null;
    return (
      <div className="px-4 py-20">
        <MessagePanel
          title="Dashboard unavailable"
          tone="error"
          role="alert"
          actions={
            <button type="button" className={buttonClass("primary")} onClick={() => void info.refetch()}>
              Try again
            </button>
          }
        >
          {LOAD_FAILURE_MESSAGE}
          {info.error instanceof ApiError && info.error.status >= 500 && (
            <span className="mt-1 block">{serverMessage(info.error)}</span>
          )}
        </MessagePanel>
      </div>
    );
  }

  const decision = decideRoute(session.serverId, routeServerId, search);
  if (decision.kind === "redirect") return <Navigate to={decision.to} replace />;
  return <DashboardSessionContext.Provider value={session}>{children}</DashboardSessionContext.Provider>;
}
