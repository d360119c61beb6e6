/**
 * The only routes under /api reachable without a dashboard token. Everything else is private by
 * default, so a route added later is protected unless it is listed here.
 */
const publicRoutes = new Set<string>([
  "GET /api/stats",
  // The commands the bot registers (the commands page's list).
  "GET /api/commands",
  "GET /api/ping",
  "GET /api/openapi.json",
  "GET /api/invite",
  // The public discovery directory.
  "GET /api/discovery",
  "GET /api/discovery/search",
  "GET /api/discovery/tags",
  // Public giveaway pages: list, per server, detail, participants, winners.
  "GET /api/giveaways",
  "GET /api/giveaways/:serverId",
  "GET /api/giveaways/:serverId/:giveawayId",
  "GET /api/giveaways/:serverId/:giveawayId/participants",
  "GET /api/giveaways/x/winners/:id",
  // Scheduled and recurring giveaways still to run, and one of them with its posted runs.
  "GET /api/giveaways/upcoming",
  "GET /api/giveaways/:serverId/upcoming/:scheduleId",
  // The public tournament bracket page.
  "GET /api/tournaments/:serverId/:tournamentId",
  // Vote-listing sites' webhooks: authenticated by the server's own secret or signature instead.
  "POST /api/votes/:webhookId",
]);

/**
 * Prefixes of public paths: the OpenAPI docs UI, and the sandbox playground, which exists only in
 * sandbox mode (no Discord token: a local demo whose server is the seeded demo server) and plays its
 * members for whoever opens /sandbox, as the demo is meant to.
 */
const publicPrefixes = ["/api/docs", "/api/sandbox"];

export function isPublicRoute(method: string, url: string): boolean {
  const verb = method === "HEAD" ? "GET" : method;
  if (publicRoutes.has(`${verb} ${url}`)) return true;
  return publicPrefixes.some((prefix) => url === prefix || url.startsWith(`${prefix}/`));
}
