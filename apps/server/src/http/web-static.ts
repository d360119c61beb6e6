import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { errorBody } from "./errors.ts";
import { decisionPath } from "./security-headers.ts";

/** `x.js.map` (and its pre-compressed copies): a source map. */
export const isSourceMap = (pathname: string) => /\.map(\.(gz|br))?$/i.test(pathname);

/** The empty page shell the web build keeps beside the prerendered pages (apps/web/scripts/prerender.ts). */
export const SPA_SHELL = "spa.html";

/**
 * The pages the web build prerendered, by path: `dist/<path>/index.html` (the landing page is
 * `dist/index.html`). Read once at start-up, like the static files themselves.
 */
export function prerenderedPages(webDist: string): Map<string, string> {
  const pages = new Map<string, string>();
  for (const file of fs.readdirSync(webDist, { recursive: true, encoding: "utf8" })) {
    if (path.basename(file) !== "index.html") continue;
    const parts = path
      .dirname(file)
      .split(path.sep)
      .filter((part) => part !== ".");
    if (parts[0] === "assets") continue;
    pages.set(`/${parts.join("/")}`, [...parts, "index.html"].join("/"));
  }
  return pages;
}

/** The client routes the web build renders from the shell (apps/web/scripts/prerender.ts writes it). */
export const SHELL_ROUTES = "shell-routes.json";

/** The prerendered "Page not found" pages: the site's, and the docs' (inside the docs layout). */
export const NOT_FOUND_PAGES = { site: "/404", docs: "/docs/404" } as const;

/**
 * A client route pattern (`/dashboard/:serverId?`, `/giveaways/:serverId/:messageId`) as a test of
 * a path: `:name` is one segment, `:name?` an optional one, anything else literal.
 */
export function routeMatcher(pattern: string): RegExp {
  const segments = pattern.split("/").filter(Boolean);
  const source = segments
    .map((segment) => {
      if (segment.startsWith(":")) return segment.endsWith("?") ? "(?:/[^/]+)?" : "/[^/]+";
      return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`;
    })
    .join("");
  return new RegExp(`^${source || "/"}$`);
}

/** The shell's routes of a build, or null for a build from before they were listed (shell for any path). */
export function shellRoutes(webDist: string): RegExp[] | null {
  const file = path.join(webDist, SHELL_ROUTES);
  if (!fs.existsSync(file)) return null;
  const patterns = JSON.parse(fs.readFileSync(file, "utf8")) as unknown;
  if (!Array.isArray(patterns) || !patterns.every((entry) => typeof entry === "string"))
    throw new Error(`${file} is not a list of route patterns`);
  return patterns.map(routeMatcher);
}

/**
 * Serves the built website. A public page the build prerendered (landing, commands, docs, legal,
 * discovery and giveaways shells) is sent as its own HTML, so it paints before any script runs;
 * a client route of the shell (the dashboard, a giveaway's page) gets the empty shell and
 * renders in the browser. A path no page or client route answers is a 404 with the designed "Page not
 * found" page (the docs' own inside /docs), and unknown /api paths stay JSON 404s.
 */
export async function registerWebStatic(
  app: FastifyInstance,
  webDist: string,
  log: Pick<FastifyBaseLogger, "warn"> = app.log,
): Promise<void> {
  const indexPath = path.join(webDist, "index.html");
  const hasBuild = fs.existsSync(indexPath);
  const pages = hasBuild ? prerenderedPages(webDist) : new Map<string, string>();
  // A build from before prerendering has only index.html, which is then the shell.
  const shell = fs.existsSync(path.join(webDist, SPA_SHELL)) ? SPA_SHELL : "index.html";
  const notFound = { site: pages.get(NOT_FOUND_PAGES.site), docs: pages.get(NOT_FOUND_PAGES.docs) };
  pages.delete(NOT_FOUND_PAGES.site);
  pages.delete(NOT_FOUND_PAGES.docs);
  const clientRoutes = hasBuild ? shellRoutes(webDist) : null;
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The web build writes .br and .gz copies of every text asset; serve them to clients that accept them.
      preCompressed: true,
      // Source maps are the site's source code: never served, even from a build that has them in dist.
      allowedPath: (pathname) => !isSourceMap(pathname),
      // Hashed assets never change; pages must always be revalidated. `send` would otherwise
      // write its own `public, max-age=0` over these.
      cacheControl: false,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  } else {
    log.warn({ webDist }, "the web build is missing; run `npm run build` (npm start does it for you)");
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    const decoded = decisionPath(request);
    const isApi = decoded === "/api" || decoded.startsWith("/api/") || decoded === "/health";
    if (!isApi && hasBuild && (request.method === "GET" || request.method === "HEAD")) {
      const fileLike = path.extname(pathname) !== "";
      if (!fileLike) {
        // `/commands/` is `/commands`; only the landing page is `/`.
        const key = decoded.length > 1 ? decoded.replace(/\/+$/, "") : decoded;
        const page = pages.get(key);
        reply.header("cache-control", "no-cache");
        if (page) return reply.sendFile(page);
        if (clientRoutes === null || clientRoutes.some((route) => route.test(key)))
          return reply.sendFile(shell);
        const inDocs = key === "/docs" || key.startsWith("/docs/");
        return reply.status(404).sendFile((inDocs ? notFound.docs : undefined) ?? notFound.site ?? shell);
      }
    }
    return reply.status(404).send(errorBody(404, `No route for ${request.method} ${pathname}`));
  });
}
