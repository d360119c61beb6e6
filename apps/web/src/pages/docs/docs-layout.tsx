import { memo, Suspense, useRef } from "react";
import { Link } from "react-router";
import { Logo } from "../../components/ui/logo";
import { MAIN_CONTENT_ID } from "../../components/ui/skip-link";
import { cn } from "../../lib/cn";
import { useDocumentTitle } from "../../lib/use-document-title";
import { useRouteDisclosure } from "../../lib/use-route-disclosure";
import { DocsRoutes, docsRouteHandles } from "./docs-routes";
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

/**
 * The guide itself. Memoised so that opening the drawer does not re-render it: on a prerendered page
 * whose guide is still hydrating, an update would make React drop the guide's HTML and render it again.
 */
const DocsMain = memo(function DocsMain() {
  return (
    <main id={MAIN_CONTENT_ID} tabIndex={-1} className="outline-none">
      {/* Each guide loads lazily: the current one stays up while the next one's code loads. */}
      <Suspense fallback={null}>
        <DocsRoutes />
      </Suspense>
    </main>
  );
});

/** The docs' own frame (no site header or footer): a sidebar, fixed from lg up, a drawer below. */
export function DocsLayout() {
  const menuButton = useRef<HTMLButtonElement>(null);
  const sidebar = useRouteDisclosure(menuButton);
  useDocumentTitle(docsRouteHandles);

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
          <span className="inline-flex items-center gap-2">
            <svg
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              aria-hidden="true"
              className="size-4"
            >
              {sidebar.isOpen ? (
                <path strokeLinecap="round" d="M6 6l12 12M18 6L6 18" />
              ) : (
                <path strokeLinecap="round" d="M4 7h16M4 12h16M4 17h16" />
              )}
            </svg>
            Menu
          </span>
        </button>
      </div>

      {/* Below lg the sidebar is a drawer that slides in from the left over a dimmed page. */}
      {sidebar.isOpen && (
        // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop mirrors the Escape key and the Menu button
        // biome-ignore lint/a11y/useKeyWithClickEvents: Escape closes the drawer for keyboard users
        <div
          data-testid="docs-drawer-backdrop"
          className="fixed inset-x-0 top-14 bottom-0 z-30 bg-black/60 lg:hidden"
          onClick={sidebar.close}
        />
      )}
      <aside
        id={SIDEBAR_ID}
        aria-label="Documentation sidebar"
        data-open={sidebar.isOpen}
        className={cn(
          "z-40 overflow-y-auto bg-ink-950",
          "max-lg:fixed max-lg:top-14 max-lg:bottom-0 max-lg:left-0 max-lg:w-72 max-lg:max-w-[85vw] max-lg:border-r max-lg:border-white/10 max-lg:shadow-2xl max-lg:shadow-black/60",
          "max-lg:transition-[transform,visibility] max-lg:duration-300 max-lg:ease-out motion-reduce:transition-none",
          sidebar.isOpen
            ? "max-lg:visible max-lg:translate-x-0"
            : "max-lg:invisible max-lg:-translate-x-full",
          "lg:sticky lg:top-0 lg:h-dvh lg:border-r lg:border-white/5 lg:bg-ink-900/40",
        )}
      >
        <div className="hidden px-7 pt-6 lg:block">
          <DocsBrand />
        </div>
        <DocsSidebar onNavigate={sidebar.close} />
      </aside>

      <DocsMain />
    </div>
  );
}
