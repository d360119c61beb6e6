import { type ComponentType, createElement, type LazyExoticComponent, lazy } from "react";
import { matchRoutes, type RouteObject, useRoutes } from "react-router";
import type { RouteHandle } from "../../lib/route-handle";
import { docsPages } from "./docs-nav";
import { docsPageModules } from "./docs-page-modules";

/** A docs page module's `DocsContent` (or another named export) as a lazily loaded component. */
function page<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: pick(await load()) }));
}

// One lazily loaded component per guide (see docs-page-modules.ts).
const docsLoaders: Record<string, LazyExoticComponent<ComponentType>> = Object.fromEntries(
  Object.entries(docsPageModules).map(([path, load]) => [path, page(load, (m) => m.DocsContent)]),
);

const notFound = page(
  () => import("../not-found-page"),
  (m) => m.NotFoundPage,
);

/**
 * The routes under /docs (relative to it), rendered by the docs layout. They live here rather
 * than in app/routes.tsx so the guides' titles and summaries load with the docs, not with every page.
 */
export const docsRoutes: RouteObject[] = [
  ...docsPages.map((entry): RouteObject => {
    const handle: RouteHandle = { title: entry.title, description: entry.summary };
    const component = docsLoaders[entry.path];
    if (!component) throw new Error(`No page module for ${entry.path}`);
    return entry.path === "/docs"
      ? { index: true, handle, element: createElement(component) }
      : { path: entry.path.slice("/docs/".length), handle, element: createElement(component) };
  }),
  { path: "*", handle: { title: "Page not found" } satisfies RouteHandle, element: createElement(notFound) },
];

/** The docs page for the current location (the layout's outlet). */
export function DocsRoutes() {
  return useRoutes(docsRoutes);
}

/** The handles of the docs routes matching `pathname` (a full path, starting /docs). */
export function docsRouteHandles(pathname: string): (RouteHandle | undefined)[] {
  return (matchRoutes(docsRoutes, pathname, "/docs") ?? []).map(
    (match) => match.route.handle as RouteHandle | undefined,
  );
}
