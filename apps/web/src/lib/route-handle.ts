/** Static data attached to a route (app/routes.tsx, pages/docs/docs-routes.tsx); read with matchRoutes(). */
export interface RouteHandle {
  /** Page name for document.title; the home page has none and keeps the site title. */
  title?: string;
  /** The page's meta description for search results; the site's own when absent. */
  description?: string;
  /** The route renders its own route table, whose routes name the page (the docs). */
  nested?: true;
}

export const SITE_TITLE = "Hearth — Discord automation";
export const SITE_DESCRIPTION =
  "Hearth is a powerful Discord automation bot: grinder tracking, giveaways, welcome messages, self-roles, boards and a token-based web dashboard.";

export function documentTitle(pageTitle: string | undefined): string {
  return pageTitle ? `${pageTitle} · Hearth` : SITE_TITLE;
}
