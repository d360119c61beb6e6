import { useEffect } from "react";
import { useLocation } from "react-router";
import { documentTitle, type RouteHandle, SITE_DESCRIPTION } from "./route-handle";

/** The title and meta description of the page whose route handles are given (outermost first). */
export function pageHead(handles: readonly (RouteHandle | undefined)[]): {
  title: string;
  description: string;
} {
  const pageTitle = handles.map((handle) => handle?.title).findLast((title) => title !== undefined);
  const description =
    handles.map((handle) => handle?.description).findLast((text) => text !== undefined) ?? SITE_DESCRIPTION;
  return { title: documentTitle(pageTitle), description };
}

/**
 * Keeps document.title and the meta description in step with the deepest matched route that
 * names (or describes) itself. `handlesOf` maps a path to its routes' handles (app/routes.tsx,
 * pages/docs/docs-routes.tsx).
 */
export function useDocumentTitle(handlesOf: (pathname: string) => (RouteHandle | undefined)[]): void {
  const { pathname } = useLocation();
  const handles = handlesOf(pathname);
  // A route with its own route table (the docs layout) keeps the title up to date itself.
  const nested = handles.some((handle) => handle?.nested);
  const { title, description } = pageHead(handles);

  useEffect(() => {
    if (!nested) document.title = title;
  }, [title, nested]);

  useEffect(() => {
    if (nested) return;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement("meta");
      meta.name = "description";
      document.head.append(meta);
    }
    meta.content = description;
  }, [description, nested]);
}
