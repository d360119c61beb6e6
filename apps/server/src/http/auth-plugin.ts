import {
  defaultPermission,
  hasPermission,
  type PermissionLevel,
  permissionLevel,
  permissionRefusal,
} from "@hearth/core";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { forbidden } from "../lib/errors.ts";
import { andThen, type MaybePromise } from "../lib/maybe-promise.ts";
import type { ActivityMonitor } from "./activity-monitor.ts";
import { errorBody } from "./errors.ts";
import type { FailureLimiter } from "./failure-limiter.ts";
import { isPublicRoute } from "./public-routes.ts";
import type { RequestGate } from "./request-gates.ts";

/** The dashboard token a private request was made with (the auth feature's record satisfies it). */
export interface DashboardToken {
  id: string;
  serverId: string;
  userId: string;
  userName: string;
  permission: string;
}

/** Resolves the raw Authorization header to a live token, or null for a missing, unknown or revoked one. */
export type TokenResolver = (authorization: string | undefined) => MaybePromise<DashboardToken | null>;

declare module "fastify" {
  interface FastifyRequest {
    /** The dashboard token of the request; set on every private route. */
    dashboardToken: DashboardToken | null;
  }
  interface FastifyContextConfig {
    /** The path parameter holding a server id, when it isn't `serverId`. */
    serverIdParam?: string;
    /**
     * The permission level a private route needs. Undeclared, reads (GET) need `manager` and every
     * write needs `admin` (`defaultPermission`), so a route added without thinking is admin-only.
     * Token management and the data purge declare `owner`; the manager's rights declare `manager`.
     */
    permission?: PermissionLevel;
  }
}

/** The level a route needs: what it declares, else the default for its method. */
export function requiredPermission(method: string, config: { permission?: PermissionLevel } | undefined) {
  return config?.permission ?? defaultPermission(method);
}

const levels: ReadonlySet<string> = new Set(permissionLevel.options);

/** A token's level; an unknown stored value counts as the least powerful. */
export function levelOf(token: DashboardToken): PermissionLevel {
  return levels.has(token.permission) ? (token.permission as PermissionLevel) : "manager";
}

/** What the hook needs to know of a route, worked out on its first request rather than on every one. */
interface RoutePolicy {
  /** A private /api route: needs a live token. */
  guarded: boolean;
  required: PermissionLevel;
  serverIdParam: string;
  /** `METHOD /route`, for the 403's wording. */
  what: string;
}

/**
 * For a route open to a lower level that does more for a higher one (a manager may change only the
 * anti-pool settings): throws a 403 naming the permission when the request's token is below `required`.
 */
export function requirePermission(request: FastifyRequest, required: PermissionLevel, what: string): void {
  const level = levelOf(tokenOf(request));
  if (!hasPermission(level, required)) throw forbidden(permissionRefusal(level, required, what));
}

/** The token of a private route's request; the auth hook guarantees it is there. */
export function tokenOf(request: FastifyRequest): DashboardToken {
  if (!request.dashboardToken) throw new Error("tokenOf() called on a public route");
  return request.dashboardToken;
}

/** Who is acting, for audit entries: the token, its member and the address the request came from. */
export function actorOf(request: FastifyRequest): { tokenId: string; userId: string; address: string } {
  const token = tokenOf(request);
  return { tokenId: token.id, userId: token.userId, address: request.ip };
}

/** What the auth gate needs: the token lookup, the failed-attempt limits and the activity monitor. */
export interface AuthGateOptions {
  resolveToken: TokenResolver;
  limiter: FailureLimiter;
  monitor: ActivityMonitor;
}

/**
 * The auth gate (`request-gates.ts`): resolves the raw Authorization header to a dashboard token on
 * every private /api route, checks any server id in the path against the token's server and the
 * token's level against the route's permission, before bodies are even parsed. Every use and every
 * 403 goes to the activity monitor, which revokes a token used suspiciously: the gate's own 403s
 * here, and a route's (thrown as `forbidden()`) through `noteForbidden` from the error handler.
 */
export function authGate(
  app: FastifyInstance,
  { resolveToken, limiter, monitor }: AuthGateOptions,
): { gate: RequestGate; noteForbidden: (request: FastifyRequest) => void } {
  app.decorateRequest("dashboardToken", null);

  /** A 403 answered to a request with a token: counted after the answer, never delaying it. */
  const noteForbidden = (request: FastifyRequest) => {
    const token = request.dashboardToken;
    if (!token) return;
    monitor
      .forbidden(token, request.ip)
      .catch((error: unknown) =>
        request.log.error({ err: error, tokenId: token.id }, "could not count a forbidden request"),
      );
  };

  // By route pattern, then method: both strings are the same objects on every request (the route's
  // own and the HTTP parser's), so the lookups hash nothing new and no key is built per request.
  const policies = new Map<string, Map<string, RoutePolicy>>();
  const policyOf = (request: FastifyRequest): RoutePolicy | null => {
    const route = request.routeOptions;
    const url = route.url;
    if (url === undefined) return null;
    let byMethod = policies.get(url);
    if (!byMethod) {
      byMethod = new Map();
      policies.set(url, byMethod);
    }
    let policy = byMethod.get(request.method);
    if (!policy) {
      policy = {
        guarded: url.startsWith("/api") && !isPublicRoute(request.method, url),
        required: requiredPermission(request.method, route.config),
        serverIdParam: route.config.serverIdParam ?? "serverId",
        what: `${request.method} ${url}`,
      };
      byMethod.set(request.method, policy);
    }
    return policy;
  };

  /** Refuses with a 403: the answer first, then the monitor counts it. */
  const refuse403 = (request: FastifyRequest, reply: FastifyReply, message: string): "answered" => {
    reply.status(403).send(errorBody(403, message));
    noteForbidden(request);
    return "answered";
  };

  /** Checks a private route's request; answers "answered" when it sent the refusal, or null to go on. */
  const check = (
    request: FastifyRequest,
    reply: FastifyReply,
    policy: RoutePolicy,
  ): MaybePromise<"answered" | null> =>
    andThen(resolveToken(request.headers.authorization), (token) => {
      // Only unknown tokens are blocked: failures from an address (a shared NAT, a mistyped paste,
      // someone guessing) never lock out a valid token used from it.
      if (!token) return refuseUnknown(request, reply);
      return andThen(monitor.used(token, request.ip), (live) => {
        if (!live) {
          reply
            .status(401)
            .send(
              errorBody(
                401,
                "This dashboard token was revoked for suspicious activity; its holder was told by DM",
              ),
            );
          return "answered";
        }
        request.dashboardToken = token;

        const serverId = (request.params as Record<string, string | undefined>)[policy.serverIdParam];
        if (serverId !== undefined && serverId !== token.serverId) {
          return refuse403(request, reply, "This dashboard token belongs to another server");
        }
        const level = levelOf(token);
        if (!hasPermission(level, policy.required)) {
          return refuse403(request, reply, permissionRefusal(level, policy.required, policy.what));
        }
        return null;
      });
    });

  /** A missing, unknown or revoked token: 429 while the address is blocked, else 401 and a failure counted. */
  const refuseUnknown = (request: FastifyRequest, reply: FastifyReply): MaybePromise<"answered"> =>
    andThen(limiter.blockedFor(request.ip), (blockedMs) => {
      if (blockedMs > 0) {
        const seconds = Math.ceil(blockedMs / 1000);
        reply
          .status(429)
          .header("retry-after", String(seconds))
          .send(errorBody(429, `Too many failed authentication attempts; try again in ${seconds} s`));
        return "answered" as const;
      }
      return limiter.recordFailure(request.ip).then(() => {
        const message = request.headers.authorization
          ? "The dashboard token is invalid or has been revoked"
          : "A dashboard token is required";
        reply.status(401).send(errorBody(401, message));
        return "answered" as const;
      });
    });

  // Every step answers at once when its answer is in memory (a token in use): no promise on the hot path.
  const gate: RequestGate = (request, reply) => {
    const policy = policyOf(request);
    return policy?.guarded ? check(request, reply, policy) : null;
  };
  return { gate, noteForbidden };
}
