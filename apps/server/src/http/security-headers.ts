import type { IncomingMessage, ServerResponse } from "node:http";
import helmet, { type HelmetOptions } from "helmet";

/**
 * Helmet's headers, worked out once at start-up. Helmet (and @fastify/helmet) rebuild the policy
 * strings on every response, which cost a third of our throughput on small JSON answers; the
 * policy never changes at run time, so it is computed once and set from a plain object.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

/**
 * The headers of JSON API answers (OWASP's REST set): nothing in them is ever rendered as a page,
 * so the document policies (script sources, opener and agent-cluster isolation, DNS prefetch…) do
 * nothing there; what matters is that a browser never sniffs, frames, caches or leaks them. Fewer
 * header lines per answer also measurably raise throughput on small answers.
 */
export function apiSecurityHeaders(https: boolean): Record<string, string> {
  return {
    "cache-control": "no-store",
    "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
    "cross-origin-resource-policy": "same-origin",
    "referrer-policy": "no-referrer",
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    ...(https ? { "strict-transport-security": "max-age=31536000; includeSubDomains" } : {}),
  };
}

/** API routes answer JSON; the API's own docs page (`/api/docs`) is a document like the site. */
export function isJsonApi(path: string): boolean {
  return (path === "/api" || path.startsWith("/api/")) && !path.startsWith("/api/docs");
}

/**
 * The path the security decisions (rate limit, header set) are made on: the pattern of the route
 * the router matched, else the decoded path. Never the raw request line, which may be absolute-form
 * (`GET http://host/api/…`, normalised by `originFormUrl`) or percent-encoded (`/%61pi/…` reaches
 * `/api/…` routes).
 */
export function decisionPath(request: { url: string; routeOptions: { url?: string | undefined } }): string {
  const route = request.routeOptions.url;
  if (route) return route;
  const pathname = request.url.split("?")[0] ?? "/";
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/**
 * Fastify's `rewriteUrl`: an absolute-form request line (`GET http://host/api/x?y`, which HTTP/1.1
 * servers must accept) becomes its origin form (`/api/x?y`) before routing, so it is answered exactly
 * like the origin-form request. Anything else is left as it came.
 */
export function originFormUrl(url: string | undefined): string {
  if (url === undefined) return "/";
  if (url.startsWith("/") || url === "*") return url;
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) return url;
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return url;
  }
}

/**
 * Which security headers a request's answer gets (the app's first onRequest hook sets them): the API
 * set on JSON routes, the document set elsewhere. Both sets are built once at start-up; which one a route gets is decided on its first
 * request and remembered by route pattern (unmatched paths are decided each time, on `decisionPath`).
 */
export function securityHeadersFor(
  jsonHeaders: Record<string, string>,
  documentHeaders: Record<string, string>,
): (request: { url: string; routeOptions: { url?: string | undefined } }) => Record<string, string> {
  const byRoute = new Map<string, Record<string, string>>();
  const headersFor = (path: string) => (isJsonApi(path) ? jsonHeaders : documentHeaders);
  return (request) => {
    const route = request.routeOptions.url;
    let headers = route === undefined ? undefined : byRoute.get(route);
    if (!headers) {
      headers = headersFor(decisionPath(request));
      if (route !== undefined) byRoute.set(route, headers);
    }
    return headers;
  };
}
