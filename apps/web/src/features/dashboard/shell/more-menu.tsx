import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { cn } from "../../../lib/cn";
import type { MorePage } from "../shared/more-pages";

interface MoreMenuProps {
  pages: readonly MorePage[];
  /** The open page's id, when a page (not a tab) is open. */
  active: string | null;
  onSelect: (id: string) => void;
}

/**
 * The "More" group of the dashboard's navigation: a menu button after the eight tabs that lists the
 * pages beyond them with a line each. WAI-ARIA's menu button: Enter, Space or ArrowDown open it on
 * the first page (ArrowUp on the last), arrows, Home and End move, Escape or Tab close it and focus
 * returns to the button. The button names the open page, so the page in view is always shown.
 */
export function MoreMenu({ pages, active, onSelect }: MoreMenuProps) {
  const [open, setOpen] = useState(false);
  const [focusIndex, setFocusIndex] = useState(0);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const current = pages.find((page) => page.id === active);

  useEffect(() => {
    if (!open) return;
    menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]')[focusIndex]?.focus();
  }, [open, focusIndex]);

  useEffect(() => {
    if (!open) return;
    // A press outside the menu closes it (focus stays where the press put it).
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  const openAt = (index: number) => {
    setFocusIndex(index);
    setOpen(true);
  };
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };
  const choose = (id: string) => {
    close(true);
    onSelect(id);
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      openAt(event.key === "ArrowDown" ? 0 : pages.length - 1);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = pages.length - 1;
    const next =
      event.key === "ArrowDown"
        ? focusIndex === last
          ? 0
          : focusIndex + 1
        : event.key === "ArrowUp"
          ? focusIndex === 0
            ? last
            : focusIndex - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (next !== null) {
      event.preventDefault();
      setFocusIndex(next);
    } else if (event.key === "Escape") {
      event.preventDefault();
      close(true);
    } else if (event.key === "Tab") {
      close(false);
    }
  };

  return (
    <div ref={root} className="relative shrink-0">
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        data-testid="more-menu-button"
        onClick={() =>
          open
            ? close(false)
            : openAt(
                Math.max(
                  0,
                  pages.findIndex((page) => page.id === active),
                ),
              )
        }
        onKeyDown={onButtonKeyDown}
        className={cn(
          "relative flex max-w-[11rem] items-center gap-1.5 rounded-t-lg px-3.5 py-3 text-sm font-medium whitespace-nowrap transition-colors focus-visible:-outline-offset-2 motion-reduce:transition-none",
          current ? "text-ember-200" : "text-stone-400 hover:bg-white/[0.03] hover:text-stone-100",
        )}
      >
        <span className="truncate">
          More
          {current && `: ${current.label}`}
        </span>
        <svg
          viewBox="0 0 20 20"
          fill="currentColor"
          aria-hidden="true"
          className={cn("size-4 shrink-0 transition-transform", open && "rotate-180")}
        >
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z" />
        </svg>
        <span
          aria-hidden="true"
          className={cn(
            "absolute inset-x-2 -bottom-px h-0.5 rounded-full transition-colors",
            current ? "bg-ember-400" : "bg-transparent",
          )}
        />
      </button>
      {open && (
        <div
          ref={menu}
          id={menuId}
          role="menu"
          aria-label="More dashboard pages"
          onKeyDown={onMenuKeyDown}
          className="absolute top-full right-0 z-30 mt-1 max-h-[70vh] w-[min(22rem,calc(100vw-2rem))] overflow-y-auto rounded-xl border border-white/10 bg-ink-900 p-1.5 shadow-xl shadow-black/40"
        >
          {pages.map((page, index) => {
            const selected = page.id === active;
            return (
              <button
                key={page.id}
                type="button"
                role="menuitem"
                tabIndex={index === focusIndex ? 0 : -1}
                aria-current={selected ? "page" : undefined}
                onClick={() => choose(page.id)}
                onFocus={() => setFocusIndex(index)}
                className={cn(
                  "flex w-full flex-col items-start gap-0.5 rounded-lg px-3 py-2 text-left focus-visible:-outline-offset-2",
                  selected ? "bg-ember-500/10" : "hover:bg-white/[0.05] focus:bg-white/[0.05]",
                )}
              >
                <span className={cn("text-sm font-medium", selected ? "text-ember-200" : "text-stone-100")}>
                  {page.label}
                </span>
                <span className="text-xs leading-snug text-stone-400">{page.description}</span>
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}
