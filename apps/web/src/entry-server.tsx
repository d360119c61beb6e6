/**
 * The server-side entry of the build: renders one public page to HTML, the way the browser's
 * first render will produce it, so the page can be served prerendered and hydrated
 * (scripts/prerender.ts runs it at build time; nothing renders at request time).
 */
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { type RouteObject, StaticRouter } from "react-router";
import { AppProviders } from "./app/providers";
import { createQueryClient } from "./app/query-client";
import { AppRoutes, routeHandles, routes } from "./app/routes";
import { pageHead } from "./lib/use-document-title";
import { docsPages } from "./pages/docs/docs-nav";
import { docsRouteHandles } from "./pages/docs/docs-routes";

/**
 * The public pages served as prerendered HTML: their content needs no visitor, token or live data
 * (live figures fill in after hydration in space the HTML already reserves). The dashboard, the
 * giveaway and tournament detail pages and unknown paths get the empty shell instead.
 */
export const prerenderedPaths: readonly string[] = [
  "/",
  "/commands",
  "/invite",
  "/support",
  "/terms",
  "/privacy",
  "/refund",
  "/discovery",
  "/giveaways",
  ...docsPages.map((entry) => entry.path),
  // The "Page not found" pages, which the server sends with a 404 at any path no route answers.
  "/404",
  "/docs/404",
];

/**
 * The client routes the empty shell renders (the dashboard, giveaway and tournament pages): the
 * route table's paths that weren't prerendered, bar the catch-alls. The server answers them 200 and
 * every other unknown path 404 (apps/server/src/http/web-static.ts).
 */
export const shellRoutes: readonly string[] = collectShellRoutes(routes, "");

function collectShellRoutes(list: readonly RouteObject[], base: string): string[] {
  return list.flatMap((route) => {
    if (route.path === "*" || route.path?.endsWith("/*")) return [];
    const full = route.path ? `${base}/${route.path}` : base;
    if (route.children) return collectShellRoutes(route.children, full);
    if (route.index || !full || prerenderedPaths.includes(full)) return [];
    return [full];
  });
}

export interface RenderedPage {
  /** The markup that goes inside #root. */
  html: string;
  /** document.title and the meta description the page sets once running. */
  title: string;
  description: string;
}

/** Renders `path` with every lazily loaded page resolved; any error rendering it fails the build. */
export async function renderPage(path: string): Promise<RenderedPage> {
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <QueryClientProvider client={createQueryClient()}>
        <AppProviders>
          <StaticRouter location={path}>
            <AppRoutes />
          </StaticRouter>
        </AppProviders>
      </QueryClientProvider>
    </StrictMode>,
    {
      onError: (error) => void errors.push(error),
      // Never split a boundary's content out to be revealed by an inline script (React does that
      // to large boundaries when streaming): the page is one finished document, and the CSP
      // allows no inline scripts.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  if (errors.length > 0) throw new AggregateError(errors, `Prerendering ${path} failed`);
  const html = Buffer.concat(chunks).toString("utf8");
  if (html.includes("<script")) throw new Error(`Prerendering ${path} produced an inline script`);
  const handles = routeHandles(path);
  const head = pageHead(handles.some((handle) => handle?.nested) ? docsRouteHandles(path) : handles);
  return { html, ...head };
}
