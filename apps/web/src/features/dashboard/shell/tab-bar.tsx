import { type KeyboardEvent, useEffect, useRef } from "react";
import { cn } from "../../../lib/cn";
import { dashboardTabs, panelId, type TabId, tabId } from "../shared/tabs";

interface TabBarProps {
  active: TabId;
  onSelect: (id: TabId) => void;
}

/**
 * The tab list: a row on wide screens, a horizontally scrolling bar on narrow ones. Arrow keys,
 * Home and End move between tabs (one tab stop for the whole list, as WAI-ARIA describes).
 */
export function TabBar({ active, onSelect }: TabBarProps) {
  const list = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // Keep the open tab in view on a narrow screen.
    const button = list.current?.querySelector<HTMLElement>(`#${tabId(active)}`);
    button?.scrollIntoView?.({ block: "nearest", inline: "nearest" });
  }, [active]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = dashboardTabs.findIndex((tab) => tab.id === active);
    const last = dashboardTabs.length - 1;
    const target =
      event.key === "ArrowRight"
        ? index === last
          ? 0
          : index + 1
        : event.key === "ArrowLeft"
          ? index === 0
            ? last
            : index - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    const tab = target === null ? undefined : dashboardTabs[target];
    if (!tab) return;
    event.preventDefault();
    onSelect(tab.id);
    list.current?.querySelector<HTMLElement>(`#${tabId(tab.id)}`)?.focus();
  };

  return (
    <div className="relative -mx-4 border-b border-white/[0.08] sm:mx-0">
      <div
        ref={list}
        role="tablist"
        aria-label="Dashboard sections"
        onKeyDown={onKeyDown}
        className="flex snap-x gap-1 overflow-x-auto px-4 [scrollbar-width:none] sm:px-0 [&::-webkit-scrollbar]:hidden"
      >
        {dashboardTabs.map((tab) => {
          const selected = tab.id === active;
          return (
            <button
              key={tab.id}
              id={tabId(tab.id)}
              type="button"
              role="tab"
              aria-selected={selected}
              aria-controls={panelId(tab.id)}
              tabIndex={selected ? 0 : -1}
              onClick={() => onSelect(tab.id)}
              className={cn(
                "relative shrink-0 snap-start rounded-t-lg px-3.5 py-3 text-sm font-medium whitespace-nowrap transition-colors focus-visible:-outline-offset-2 motion-reduce:transition-none",
                selected ? "text-ember-200" : "text-stone-400 hover:bg-white/[0.03] hover:text-stone-100",
              )}
            >
              {tab.label}
              <span
                aria-hidden="true"
                className={cn(
                  "absolute inset-x-2 -bottom-px h-0.5 rounded-full transition-colors",
                  selected ? "bg-ember-400" : "bg-transparent",
                )}
              />
            </button>
          );
        })}
      </div>
      {/* A fade at the right edge hints that the bar scrolls on narrow screens. */}
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-y-0 right-0 w-8 bg-gradient-to-l from-ink-950 sm:hidden"
      />
    </div>
  );
}
