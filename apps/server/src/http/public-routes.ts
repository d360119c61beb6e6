/**
 * The only routes under /api reachable without a dashboard token. Everything else is private by
 * default, so a route added later is protected unless it is listed here.
 */
const publicRoutes = new Set<string>(["GET /api/stats", "GET /api/ping", "GET /api/openapi.json"]);

/** Prefixes of public static assets (the OpenAPI docs UI). */
const publicPrefixes = ["/api/docs"];

export function isPublicRoute(method: string, url: string): boolean {
  const verb = method === "HEAD" ? "GET" : method;
  if (publicRoutes.has(`${verb} ${url}`)) return true;
  return publicPrefixes.some((prefix) => url === prefix || url.startsWith(`${prefix}/`));
}

/** Lets a feature declare its public reads (discovery, giveaways) next to its routes. */
export function addPublicRoute(method: string, url: string): void {
  publicRoutes.add(`${method} ${url}`);
}
