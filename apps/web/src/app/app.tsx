import { type ReactNode, useEffect, useLayoutEffect, useState, useTransition } from "react";
import { UNSAFE_createBrowserHistory as createBrowserHistory, Router } from "react-router";
import { NavigationPendingContext } from "./navigation-progress";
import { AppProviders } from "./providers";
import { AppRoutes } from "./routes";

/**
 * React Router's <BrowserRouter>, with its navigations run as our own transition so the progress
 * bar knows when the next page's code is still loading. The declarative router (not the data
 * router) keeps the first download small: the landing page's JavaScript budget is 100 KB gzip.
 */
function BrowserRouter({ children }: { children: ReactNode }) {
  const [history] = useState(() => createBrowserHistory({ v5Compat: true }));
  const [state, setState] = useState(() => ({ action: history.action, location: history.location }));
  const [pending, startTransition] = useTransition();
  useLayoutEffect(() => history.listen((update) => startTransition(() => setState(update))), [history]);
  return (
    <NavigationPendingContext.Provider value={pending}>
      <Router location={state.location} navigationType={state.action} navigator={history}>
        {children}
      </Router>
    </NavigationPendingContext.Provider>
  );
}

/**
 * `<html data-app="started">` once the first render has committed (a prerendered page: once its
 * shell, header and navigation included, is hydrated). Until then a link is a plain link (a full
 * page load) and only presses are kept (`boot.ts`); browser tests that check what the running app
 * does (a client-side navigation) wait for it.
 */
function useStartedMarker() {
  useEffect(() => {
    document.documentElement.dataset.app = "started";
  }, []);
}

export function App() {
  useStartedMarker();
  return (
    <AppProviders>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
