/** What the guard does once the token's server is known (spec §§2, 6). */
export type RouteDecision = { kind: "show" } | { kind: "redirect"; to: string };

/**
 * `/dashboard` and `/dashboard/{other id}` go to the token's own server; the query string (the
 * open tab) is kept. Only the token's server shows.
 */
export function decideRoute(
  tokenServerId: string,
  routeServerId: string | undefined,
  search = "",
): RouteDecision {
  if (routeServerId === tokenServerId) return { kind: "show" };
  return { kind: "redirect", to: `/dashboard/${encodeURIComponent(tokenServerId)}${search}` };
}
