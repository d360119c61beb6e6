import { QueryClientContext, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useContext } from "react";
import { createQueryClient } from "./query-client";

/** The browser's one query client, shared by every page that reads the API through the query library. */
const appQueryClient = createQueryClient();

/**
 * Gives a page the query client. It lives in its own chunk, loaded with the pages that use the
 * query library (every one but the landing page), so the landing page's JavaScript leaves the
 * library out. A client already above (the prerenderer's, a test's) is used as it is.
 */
export function WithQueries({ children }: { children: ReactNode }) {
  const above = useContext(QueryClientContext);
  if (above) return children;
  return <QueryClientProvider client={appQueryClient}>{children}</QueryClientProvider>;
}
