import { useEffect } from "react";
import { useMatches } from "react-router";
import { documentTitle, type RouteHandle } from "./route-handle";

/** Keeps document.title in step with the deepest matched route that names itself. */
export function useDocumentTitle(): void {
  const matches = useMatches();
  const pageTitle = matches
    .map((match) => (match.handle as RouteHandle | undefined)?.title)
    .findLast((title) => title !== undefined);

  useEffect(() => {
    document.title = documentTitle(pageTitle);
  }, [pageTitle]);
}
