import { useRef } from "react";
import { Link, Outlet } from "react-router";
import { Logo } from "../../components/ui/logo";
import { MAIN_CONTENT_ID } from "../../components/ui/skip-link";
import { cn } from "../../lib/cn";
import { useRouteDisclosure } from "../../lib/use-route-disclosure";
import { DocsSidebar } from "./docs-sidebar";

const SIDEBAR_ID = "docs-sidebar";

function DocsBrand() {
  return (
    <Link
      to="/docs"
      className="inline-flex items-center gap-2.5 rounded-lg font-bold tracking-tight text-stone-50"
    >
      <Logo className="size-7" />
      Hearth <span className="font-medium text-ember-300">Docs</span>
    </Link>
  );
}

/** The docs' own frame (no site header or footer): a sidebar, fixed from lg up, a drawer below. */
export function DocsLayout() {
  const menuButton = useRef<HTMLButtonElement>(null);
  const sidebar = useRouteDisclosure(menuButton);

  return (
    <div className="min-h-dvh lg:grid lg:grid-cols-[17rem_minmax(0,1fr)]">
      <div className="sticky top-0 z-30 flex h-14 items-center justify-between border-b border-white/5 bg-ink-950/90 px-4 backdrop-blur-md lg:hidden">
        <DocsBrand />
        <button
          ref={menuButton}
          type="button"
          className="rounded-lg border border-white/10 px-3 py-1.5 text-sm font-medium text-stone-200 hover:bg-white/5"
          aria-expanded={sidebar.isOpen}
          aria-controls={SIDEBAR_ID}
          onClick={sidebar.toggle}
        >
          Menu
        </button>
      </div>

      <aside
        id={SIDEBAR_ID}
        className={cn(
          sidebar.isOpen ? "block" : "hidden",
          "fixed inset-x-0 top-14 bottom-0 z-20 overflow-y-auto bg-ink-950",
          "lg:sticky lg:top-0 lg:block lg:h-dvh lg:border-r lg:border-white/5 lg:bg-ink-900/40",
        )}
      >
        <div className="hidden px-7 pt-6 lg:block">
          <DocsBrand />
        </div>
        <DocsSidebar onNavigate={sidebar.close} />
      </aside>

      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="outline-none">
        <Outlet />
      </main>
    </div>
  );
}
