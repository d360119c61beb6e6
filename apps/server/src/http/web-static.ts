import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { errorBody } from "./errors.ts";
import { decisionPath } from "./security-headers.ts";

/** `x.js.map` (and its pre-compressed copies): a source map. */
export const isSourceMap = (pathname: string) => /\.map(\.(gz|br))?$/i.test(pathname);

/**
 * Serves the built website with an SPA fallback: unknown non-API GETs get index.html so client
 * routes work on reload, while unknown /api paths stay JSON 404s.
 */
export async function registerWebStatic(app: FastifyInstance, webDist: string): Promise<void> {
  const indexPath = path.join(webDist, "index.html");
  const hasBuild = fs.existsSync(indexPath);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The web build writes .br and .gz copies of every text asset; serve them to clients that accept them.
      preCompressed: true,
      // Source maps are the site's source code: never served, even from a build that has them in dist.
      allowedPath: (pathname) => !isSourceMap(pathname),
      // Hashed assets never change; index.html must always be revalidated.
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  } else {
    app.log.warn({ webDist }, "the web build is missing; run `npm run build` (npm start does it for you)");
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    const decoded = decisionPath(request);
    const isApi = decoded === "/api" || decoded.startsWith("/api/") || decoded === "/health";
    if (!isApi && hasBuild && (request.method === "GET" || request.method === "HEAD")) {
      const fileLike = path.extname(pathname) !== "";
      if (!fileLike) return reply.header("cache-control", "no-cache").sendFile("index.html");
    }
    return reply.status(404).send(errorBody(404, `No route for ${request.method} ${pathname}`));
  });
}
