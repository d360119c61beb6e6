import type { TabId } from "./tabs";

/** What the dashboard shell hands every tab. */
export interface TabProps {
  /** Opens another tab, e.g. the grinders' "No Tiers Configured" notice opens Setup. */
  onNavigate: (tab: TabId) => void;
}
