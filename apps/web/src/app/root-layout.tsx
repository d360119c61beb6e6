import { Outlet, ScrollRestoration } from "react-router";
import { SkipLink } from "../components/ui/skip-link";
import { NavigationProgress } from "./navigation-progress";
import { useDocumentTitle } from "./use-document-title";

/**
 * Above both the site and the docs layouts. The login modal will be mounted here: inside the
 * router, because a successful login navigates to the dashboard.
 */
export function RootLayout() {
  useDocumentTitle();
  return (
    <>
      <SkipLink />
      <NavigationProgress />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
