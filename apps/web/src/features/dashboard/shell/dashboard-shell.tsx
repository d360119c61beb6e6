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
import { morePageById, morePages } from "../shared/more-pages";
import type { TabProps } from "../shared/tab-props";
import { panelId, type TabId, tabFromSearch, tabId } from "../shared/tabs";
import { UnsavedChangesProvider, useConfirmLeave } from "../shared/unsaved-changes";
import { StaticaTab } from "../statica/statica-tab";
import { TimersTab } from "../timers/timers-tab";
import { ToastProvider } from "../toasts/toast-context";
import { WelcomeTab } from "../welcome/welcome-tab";
import { DashboardHeader } from "./dashboard-header";
import { MoreMenu } from "./more-menu";
import { MorePagePanel } from "./more-page-panel";
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
  // A "More" page (`?page=<id>`) or else one of the eight tabs (`?tab=<id>`); an unknown page id
  // opens the tabs as before.
  const page = morePageById(params.get("page"));
  const active = tabFromSearch(params.get("tab"));
  const Panel = panels[active];
  const confirmLeave = useConfirmLeave();

  // Unsaved changes on the open tab or page are asked about before another one replaces it.
  const select = (tab: TabId) => {
    // The address as it is now: a selection made while the last one is still rendering compares
    // with that one, not with the tab this render shows.
    const now = new URLSearchParams(window.location.search);
    if (!morePageById(now.get("page")) && tab === tabFromSearch(now.get("tab"))) return;
    void confirmLeave().then((leave) => {
      if (leave) setParams(tab === "overview" ? {} : { tab });
    });
  };
  const selectPage = (id: string) => {
    if (page?.id === id) return;
    void confirmLeave().then((leave) => {
      if (leave) setParams({ page: id });
    });
  };

  return (
    <div ref={root} className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 lg:py-8">
      <DashboardHeader />
      <div className="mt-6">
        <TabBar
          active={page ? null : active}
          onSelect={select}
          after={
            morePages.length > 0 && (
              <MoreMenu pages={morePages} active={page?.id ?? null} onSelect={selectPage} />
            )
          }
        />
      </div>
      {page ? (
        <section aria-label={page.label} data-testid={`more-page-${page.id}`} className="pt-6">
          <MorePagePanel page={page} />
        </section>
      ) : (
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
      )}
    </div>
  );
}
