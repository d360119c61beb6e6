import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/helpers.ts";
import { buildHearthApp } from "../composition.ts";

/**
 * Issue 15, finding 10: the site served its source maps (48 maps, 3.6 MB of source). The web build
 * now writes them outside dist (apps/web/e2e/source-maps.e2e.test.ts checks the real build); the
 * server also refuses to serve a .map from a build that still has them.
 */
describe("source maps in the served site", () => {
  let t: TestApp;
  let app: FastifyInstance;
  let dist: string;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), "hearth-dist-"));
    fs.mkdirSync(path.join(dist, "assets"));
    fs.writeFileSync(path.join(dist, "index.html"), "<!doctype html><title>Hearth</title>");
    const script = `console.log("hearth");${" ".repeat(2000)}`;
    fs.writeFileSync(path.join(dist, "assets", "index-abc123.js"), script);
    const map = JSON.stringify({ version: 3, sources: ["src/secret.ts"], sourcesContent: ["const x = 1;"] });
    for (const name of ["index-abc123.js.map", "index-abc123.js.map.gz", "index-abc123.js.map.br", "x.MAP"]) {
      fs.writeFileSync(path.join(dist, "assets", name), map);
    }
    t = await createTestApp();
    app = await buildHearthApp({ ...t.ctx, config: { ...t.ctx.config, webDist: dist } }, { serveWeb: true });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await t.cleanup();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it("serves the bundle but answers 404 for its map, whatever encoding is asked for", async () => {
    expect((await app.inject({ method: "GET", url: "/assets/index-abc123.js" })).statusCode).toBe(200);
    for (const url of [
      "/assets/index-abc123.js.map",
      "/assets/index-abc123.js.map.gz",
      "/assets/index-abc123.js.map.br",
      "/assets/x.MAP",
    ]) {
      for (const encoding of ["identity", "gzip, br"]) {
        const response = await app.inject({ method: "GET", url, headers: { "accept-encoding": encoding } });
        expect(response.statusCode, `${url} (${encoding})`).toBe(404);
        expect(response.body).not.toContain("sourcesContent");
        expect(response.json()).toEqual({ error: "Not Found", message: `No route for GET ${url}` });
      }
    }
    const head = await app.inject({ method: "HEAD", url: "/assets/index-abc123.js.map" });
    expect(head.statusCode).toBe(404);
  });
});
