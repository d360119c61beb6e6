import { useRef } from "react";
import { cn } from "../../lib/cn";
import { useRouteDisclosure } from "../../lib/use-route-disclosure";
import { BrandLink } from "./brand-link";
import { DashboardButton } from "./dashboard-button";
import { NavItemLink } from "./nav-item-link";
import { mainNavItems } from "./nav-items";

const MENU_ID = "site-menu";

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
      className="size-5"
    >
      {open ? (
        <path strokeLinecap="round" d="M6 6l12 12M18 6L6 18" />
      ) : (
        <path strokeLinecap="round" d="M4 7h16M4 12h16M4 17h16" />
      )}
    </svg>
  );
}

export function SiteHeader() {
  const menuButton = useRef<HTMLButtonElement>(null);
  const menu = useRouteDisclosure(menuButton);

  return (
    <header className="sticky top-0 z-40 border-b border-white/5 bg-ink-950/85 backdrop-blur-md">
      <div className="relative mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6 md:gap-2 lg:gap-4">
        <BrandLink compact />

        <nav aria-label="Main" className="md:flex md:flex-1 md:justify-center">
          {/* One list for both layouts: a drop-down panel below md, an inline row from md up. */}
          <ul
            id={MENU_ID}
            data-open={menu.isOpen}
            className={cn(
              menu.isOpen ? "flex" : "hidden",
              "absolute inset-x-0 top-full flex-col gap-1 border-b border-white/5 bg-ink-950 px-4 py-3 shadow-2xl shadow-black/50",
              "md:static md:flex md:flex-row md:items-center md:gap-0.5 md:border-0 md:bg-transparent md:p-0 md:shadow-none",
            )}
          >
            {mainNavItems.map((item) => (
              <li key={item.to}>
                <NavItemLink {...item} onNavigate={menu.close} />
              </li>
            ))}
          </ul>
        </nav>

        <div className="ml-auto flex items-center gap-2 md:ml-0">
          <DashboardButton />
          <button
            ref={menuButton}
            type="button"
            className="inline-flex size-9 items-center justify-center rounded-lg border border-white/10 text-stone-200 hover:bg-white/5 md:hidden"
            aria-expanded={menu.isOpen}
            aria-controls={MENU_ID}
            onClick={menu.toggle}
          >
            <MenuIcon open={menu.isOpen} />
            <span className="sr-only">Menu</span>
          </button>
        </div>
      </div>
    </header>
  );
}
