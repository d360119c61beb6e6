import { type ComponentType, useRef } from "react";
import { useSearchParams } from "react-router";
import { GiveawaysTab } from "../giveaways/giveaways-tab";
import { GrindersTab } from "../grinders/grinders-tab";
import { OverviewTab } from "../overview/overview-tab";
import { RequirePermission } from "../session/permission";
import { useDashboardSession } from "../session/session-context";
import { useBackgroundRefresh } from "../session/use-background-refresh";
import { SettingsTab } from "../settings/settings-tab";
import { SetupTab } from "../setup/setup-tab";
import { ConfirmProvider } from "../shared/confirm";
import type { TabProps } from "../shared/tab-props";
import { panelId, type TabId, tabFromSearch, tabId } from "../shared/tabs";
import { UnsavedChangesProvider, useConfirmLeave } from "../shared/unsaved-changes";
import { StaticaTab } from "../statica/statica-tab";
import { TimersTab } from "../timers/timers-tab";
import { ToastProvider } from "../toasts/toast-context";
import { WelcomeTab } from "../welcome/welcome-tab";
import { DashboardHeader } from "./dashboard-header";
import { TabBar } from "./tab-bar";

/**
 * Tabs whose changes all need admin: a manager token sees them read-only. Grinders (hire, remove,
 * breaks) and Settings (anti-pool) hold a manager's rights and check finer inside.
 */
const adminTabs: Partial<Record<TabId, string>> = {
  supporters: "Supporters",
  setup: "Setup",
  giveaways: "Giveaways",
  greetings: "Greetings",
  timers: "Timers",
};

const panels: Record<TabId, ComponentType<TabProps>> = {
  overview: OverviewTab,
  grinders: GrindersTab,
  supporters: StaticaTab,
  setup: SetupTab,
  settings: SettingsTab,
  giveaways: GiveawaysTab,
  greetings: WelcomeTab,
  timers: TimersTab,
};

/** Header, tab bar and the open tab; refreshes in the background while it is mounted. */
export function DashboardShell() {
  return (
    <ToastProvider>
      <ConfirmProvider>
        <UnsavedChangesProvider>
          <ShellContent />
        </UnsavedChangesProvider>
      </ConfirmProvider>
    </ToastProvider>
  );
}

function ShellContent() {
  const { serverId, logout } = useDashboardSession();
  const root = useRef<HTMLDivElement>(null);
  useBackgroundRefresh(root, serverId, logout);
  const [params, setParams] = useSearchParams();
  const active = tabFromSearch(params.get("tab"));
  const Panel = panels[active];
  const confirmLeave = useConfirmLeave();

  // Unsaved changes on the open tab are asked about before another tab replaces it.
  const select = (tab: TabId) => {
    if (tab === active) return;
    void confirmLeave().then((leave) => {
      if (leave) setParams(tab === "overview" ? {} : { tab });
    });
  };

  return (
    <div ref={root} className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 lg:py-8">
      <DashboardHeader />
      <div className="mt-6">
        <TabBar active={active} onSelect={select} />
      </div>
      <div
        role="tabpanel"
        id={panelId(active)}
        aria-labelledby={tabId(active)}
        className="pt-6 focus-visible:outline-none"
      >
        {adminTabs[active] ? (
          <RequirePermission required="admin" what={adminTabs[active]}>
            <Panel onNavigate={select} />
          </RequirePermission>
        ) : (
          <Panel onNavigate={select} />
        )}
      </div>
    </div>
  );
}
