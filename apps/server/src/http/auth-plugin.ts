import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { errorBody } from "./errors.ts";
import type { FailureLimiter } from "./failure-limiter.ts";
import { isPublicRoute } from "./public-routes.ts";

/** The dashboard token a private request was made with (the auth feature's record satisfies it). */
export interface DashboardToken {
  id: string;
  serverId: string;
  userId: string;
  userName: string;
  permission: string;
}

/** Resolves the raw Authorization header to a live token, or null for a missing, unknown or revoked one. */
export type TokenResolver = (authorization: string | undefined) => Promise<DashboardToken | null>;

declare module "fastify" {
  interface FastifyRequest {
    /** The dashboard token of the request; set on every private route. */
    dashboardToken: DashboardToken | null;
  }
  interface FastifyContextConfig {
    /** The path parameter holding a server id, when it isn't `serverId`. */
    serverIdParam?: string;
  }
}

/** The token of a private route's request; the auth hook guarantees it is there. */
export function tokenOf(request: FastifyRequest): DashboardToken {
  if (!request.dashboardToken) throw new Error("tokenOf() called on a public route");
  return request.dashboardToken;
}

/** Who is acting, for audit entries. */
export function actorOf(request: FastifyRequest): { tokenId: string; userId: string } {
  const token = tokenOf(request);
  return { tokenId: token.id, userId: token.userId };
}

/**
 * Resolves the raw Authorization header to a dashboard token on every private /api route, and
 * checks any server id in the path against the token's server, before bodies are even parsed.
 */
export const authPlugin = fp<{ resolveToken: TokenResolver; limiter: FailureLimiter }>(
  async (app: FastifyInstance, { resolveToken, limiter }) => {
    app.decorateRequest("dashboardToken", null);

    app.addHook("onRequest", async (request, reply) => {
      const url = request.routeOptions.url;
      if (!url?.startsWith("/api") || isPublicRoute(request.method, url)) return;

      const blockedMs = await limiter.blockedFor(request.ip);
      if (blockedMs > 0) {
        const seconds = Math.ceil(blockedMs / 1000);
        return reply
          .status(429)
          .header("retry-after", String(seconds))
          .send(errorBody(429, `Too many failed authentication attempts; try again in ${seconds} s`));
      }

      const header = request.headers.authorization;
      const token = await resolveToken(header);
      if (!token) {
        await limiter.recordFailure(request.ip);
        const message = header
          ? "The dashboard token is invalid or has been revoked"
          : "A dashboard token is required";
        return reply.status(401).send(errorBody(401, message));
      }
      request.dashboardToken = token;

      const param = request.routeOptions.config.serverIdParam ?? "serverId";
      const serverId = (request.params as Record<string, string | undefined>)[param];
      if (serverId !== undefined && serverId !== token.serverId) {
        return reply.status(403).send(errorBody(403, "This dashboard token belongs to another server"));
      }
    });
  },
);
