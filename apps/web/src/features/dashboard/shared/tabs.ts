/** The eight tabs, in the spec's order (§2). The open tab lives in the URL: `?tab=grinders`. */
export const dashboardTabs = [
  { id: "overview", label: "Overview" },
  { id: "grinders", label: "Grinders" },
  { id: "supporters", label: "Supporters" },
  { id: "setup", label: "Setup" },
  { id: "settings", label: "Settings" },
  { id: "giveaways", label: "Giveaways" },
  { id: "greetings", label: "Greetings" },
  { id: "timers", label: "Timers" },
] as const;

export type TabId = (typeof dashboardTabs)[number]["id"];

export function isTabId(value: string | null | undefined): value is TabId {
  return dashboardTabs.some((tab) => tab.id === value);
}

/** The tab named in the query string; unknown or missing means the overview. */
export function tabFromSearch(value: string | null): TabId {
  return isTabId(value) ? value : "overview";
}

export function tabLabel(id: TabId): string {
  return dashboardTabs.find((tab) => tab.id === id)?.label ?? id;
}

export const tabId = (id: TabId) => `dashboard-tab-${id}`;
export const panelId = (id: TabId) => `dashboard-panel-${id}`;
