import { SessionGuard } from "../features/dashboard/session/session-guard";
import { DashboardShell } from "../features/dashboard/shell/dashboard-shell";

/** `/dashboard` and `/dashboard/:serverId`: the guard applies the session rules, then the shell shows. */
export function DashboardPage() {
  return (
    <SessionGuard>
      <DashboardShell />
    </SessionGuard>
  );
}
