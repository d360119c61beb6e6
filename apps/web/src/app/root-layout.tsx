import { Outlet, ScrollRestoration } from "react-router";
import { SkipLink } from "../components/ui/skip-link";
import { LoginModal } from "../features/auth/login-modal";
import { NavigationProgress } from "./navigation-progress";
import { useDocumentTitle } from "./use-document-title";

/**
 * Above both the site and the docs layouts. The login modal is mounted here: inside the router,
 * because a successful login navigates to the dashboard, and above both layouts, so any page can open it.
 */
export function RootLayout() {
  useDocumentTitle();
  return (
    <>
      <SkipLink />
      <NavigationProgress />
      <Outlet />
      <ScrollRestoration />
      <LoginModal />
    </>
  );
}
