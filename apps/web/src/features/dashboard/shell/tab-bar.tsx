import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { cn } from "../../../lib/cn";
import { dashboardTabs, panelId, type TabId, tabId } from "../shared/tabs";

interface TabBarProps {
  /** The open tab; null while a "More" page is open (no tab is selected then). */
  active: TabId | null;
  onSelect: (id: TabId) => void;
  /** The "More" group, shown after the tabs and outside their scrolling strip (always in view). */
  after?: ReactNode;
}

/**
 * The tab list: a row on wide screens, a horizontally scrolling bar on narrow ones. Arrow keys,
 * Home and End move between tabs (one tab stop for the whole list, as WAI-ARIA describes).
 */
export function TabBar({ active, onSelect, after }: TabBarProps) {
  const list = useRef<HTMLDivElement>(null);
  // Which sides have tabs scrolled out of sight: each shows a fade and an arrow (issue 24 §6: at
  // 390 px the strip didn't show that there was more).
  const [hidden, setHidden] = useState({ before: false, after: false });
  const measure = useCallback(() => {
    const element = list.current;
    if (!element) return;
    // Measured on the tabs themselves, so the strip's own padding doesn't count as "more".
    const box = element.getBoundingClientRect();
    const first = element.firstElementChild?.getBoundingClientRect();
    const last = element.lastElementChild?.getBoundingClientRect();
    const before = first !== undefined && first.left < box.left - 1;
    const after = last !== undefined && last.right > box.right + 1;
    setHidden((current) =>
      current.before === before && current.after === after ? current : { before, after },
    );
  }, []);
  useEffect(() => {
    measure();
    const element = list.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [measure]);
  const scrollBy = (direction: 1 | -1) => {
    const element = list.current;
    element?.scrollBy?.({ left: direction * element.clientWidth * 0.6, behavior: "smooth" });
  };

  useEffect(() => {
    // Keep the open tab in view on a narrow screen.
    if (active === null) return;
    const button = list.current?.querySelector<HTMLElement>(`#${tabId(active)}`);
    button?.scrollIntoView?.({ block: "nearest", inline: "nearest" });
  }, [active]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // With no tab open (a "More" page is), the arrows start from the focused tab.
    const focused = dashboardTabs.findIndex((tab) => tabId(tab.id) === document.activeElement?.id);
    // From the focused tab: a key pressed before the last selection has rendered moves on from it.
    const index =
      focused >= 0 ? focused : active === null ? 0 : dashboardTabs.findIndex((tab) => tab.id === active);
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
    <nav
      aria-label="Dashboard navigation"
      className="-mx-4 flex items-end border-b border-white/[0.08] pr-2 sm:mx-0 sm:pr-0"
    >
      <div className="relative min-w-0 flex-1">
        <div
          ref={list}
          role="tablist"
          aria-label="Dashboard sections"
          onKeyDown={onKeyDown}
          onScroll={measure}
          className="flex snap-x gap-1 overflow-x-auto px-4 [scrollbar-width:none] sm:px-0 [&::-webkit-scrollbar]:hidden"
        >
          {dashboardTabs.map((tab, index) => {
            const selected = tab.id === active;
            // One tab stop: the open tab, or the first while a "More" page is open.
            const tabStop = active === null ? index === 0 : selected;
            return (
              <button
                key={tab.id}
                id={tabId(tab.id)}
                type="button"
                role="tab"
                aria-selected={selected}
                aria-controls={panelId(tab.id)}
                tabIndex={tabStop ? 0 : -1}
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
        {/* Where tabs are out of sight, a fade and an arrow say so (a pointer can press it to scroll;
          the keyboard moves through the tabs with the arrow keys, which scrolls them into view). */}
        {hidden.before && (
          <div
            data-testid="tabs-more-before"
            className="absolute inset-y-0 left-0 flex w-12 items-center justify-start bg-gradient-to-r from-ink-950 via-ink-950/80"
          >
            <button
              type="button"
              tabIndex={-1}
              aria-hidden="true"
              onClick={() => scrollBy(-1)}
              className="flex size-7 items-center justify-center rounded-full bg-white/10 text-stone-100"
            >
              ‹
            </button>
          </div>
        )}
        {hidden.after && (
          <div
            data-testid="tabs-more-after"
            className="absolute inset-y-0 right-0 flex w-12 items-center justify-end bg-gradient-to-l from-ink-950 via-ink-950/80"
          >
            <button
              type="button"
              tabIndex={-1}
              aria-hidden="true"
              onClick={() => scrollBy(1)}
              className="flex size-7 items-center justify-center rounded-full bg-white/10 text-stone-100"
            >
              ›
            </button>
          </div>
        )}
      </div>
      {after}
    </nav>
  );
}
