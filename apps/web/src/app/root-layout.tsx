import { lazy, Suspense, useLayoutEffect, useState } from "react";
import { Outlet, useLocation, useNavigationType } from "react-router";
import { SkipLink } from "../components/ui/skip-link";
import { useLoginModal } from "../lib/login-modal-context";
import type { RouteHandle } from "../lib/route-handle";
import { useDocumentTitle } from "../lib/use-document-title";
import { NavigationProgress } from "./navigation-progress";
import { RouteErrorBoundary } from "./route-error";

// The login form loads the first time it is opened, keeping it out of every page's first download.
const LoginModal = lazy(async () => ({ default: (await import("../features/auth/login-modal")).LoginModal }));

/** Mounts the login modal once it has been opened (it then stays mounted to animate and keep its state). */
function LoginModalSlot() {
  const { isOpen } = useLoginModal();
  const [wanted, setWanted] = useState(isOpen);
  if (isOpen && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <LoginModal />
    </Suspense>
  );
}

/**
 * A new page starts at the top (or at its #anchor); going back or forward leaves the scroll position
 * to the browser, which restores it.
 */
function useScrollToTop() {
  const location = useLocation();
  const navigationType = useNavigationType();
  useLayoutEffect(() => {
    if (navigationType === "POP") return;
    const { hash } = location;
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [location, navigationType]);
}

/**
 * Above both the site and the docs layouts. The login modal is mounted here: inside the router,
 * because a successful login navigates to the dashboard, and above both layouts, so any page can open it.
 */
export function RootLayout({ handlesOf }: { handlesOf: (pathname: string) => (RouteHandle | undefined)[] }) {
  const { pathname } = useLocation();
  useDocumentTitle(handlesOf);
  useScrollToTop();
  return (
    <>
      <SkipLink />
      <NavigationProgress />
      <RouteErrorBoundary pathname={pathname}>
        {/* The docs layout is itself lazily loaded; the site layout has its own boundary inside. */}
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </RouteErrorBoundary>
      <LoginModalSlot />
    </>
  );
}
