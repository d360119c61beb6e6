import { createContext, useContext } from "react";

/** True while the browser router is moving to a page whose code is still loading (see app.tsx). */
export const NavigationPendingContext = createContext(false);

/** A thin bar while a lazily loaded page is fetched, so a slow chunk doesn't feel like a dead click. */
export function NavigationProgress() {
  const pending = useContext(NavigationPendingContext);
  if (!pending) return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden bg-ember-500/20"
    >
      <div className="h-full w-1/3 animate-progress bg-ember-400 motion-reduce:w-full motion-reduce:animate-none" />
    </div>
  );
}
