import { useEffect } from "react";
import { useMatches } from "react-router";
import { documentTitle, type RouteHandle, SITE_DESCRIPTION } from "./route-handle";

/**
 * Keeps document.title and the meta description in step with the deepest matched route that
 * names (or describes) itself.
 */
export function useDocumentTitle(): void {
  const handles = useMatches().map((match) => match.handle as RouteHandle | undefined);
  const pageTitle = handles.map((handle) => handle?.title).findLast((title) => title !== undefined);
  const description =
    handles.map((handle) => handle?.description).findLast((text) => text !== undefined) ?? SITE_DESCRIPTION;

  useEffect(() => {
    document.title = documentTitle(pageTitle);
  }, [pageTitle]);

  useEffect(() => {
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement("meta");
      meta.name = "description";
      document.head.append(meta);
    }
    meta.content = description;
  }, [description]);
}
