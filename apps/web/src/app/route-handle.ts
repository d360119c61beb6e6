/** Static data attached to a route; read with useMatches(). */
export interface RouteHandle {
  /** Page name for document.title; the home page has none and keeps the site title. */
  title?: string;
}

export const SITE_TITLE = "Hearth — Discord automation";

export function documentTitle(pageTitle: string | undefined): string {
  return pageTitle ? `${pageTitle} · Hearth` : SITE_TITLE;
}
