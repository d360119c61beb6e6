import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/helpers.ts";
import { buildHearthApp } from "../composition.ts";
import { prerenderedPages, routeMatcher } from "./web-static.ts";

/**
 * Issue 16 #2: the web build prerenders the public pages to `dist/<path>/index.html` and keeps the
 * empty shell as `dist/spa.html`; the server sends each page's own HTML at its path and the shell
 * everywhere else a page may be (apps/web/e2e/site.e2e.test.ts checks the real build).
 */
describe("prerendered pages in the served site", () => {
  let t: TestApp;
  let app: FastifyInstance;
  let dist: string;
  const page = (name: string) => `<!doctype html><title>${name}</title><div id="root"><h1>${name}</h1></div>`;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), "hearth-dist-"));
    const write = (file: string, body: string) => {
      fs.mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
      fs.writeFileSync(path.join(dist, file), body);
    };
    write("index.html", page("Landing"));
    write("spa.html", '<!doctype html><title>Hearth</title><div id="root"></div>');
    write("commands/index.html", page("Commands"));
    write("docs/index.html", page("Docs"));
    write("docs/setup/index.html", page("Setup"));
    write("404/index.html", page("Page not found"));
    write("docs/404/index.html", page("Docs page not found"));
    write(
      "shell-routes.json",
      JSON.stringify([
        "/dashboard/:serverId?",
        "/giveaways/:serverId/:messageId",
        "/tournaments/:serverId/:id",
      ]),
    );
    write("assets/index-abc.js", "console.log(1);");
    // A large page with its pre-compressed copy, as the build writes them.
    const big = page(`Terms ${"x".repeat(4000)}`);
    write("terms/index.html", big);
    fs.writeFileSync(path.join(dist, "terms/index.html.gz"), gzipSync(big));
    t = await createTestApp();
    app = await buildHearthApp({ ...t.ctx, config: { ...t.ctx.config, webDist: dist } }, { serveWeb: true });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await t.cleanup();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it("finds every prerendered page in the build, and nothing under assets", () => {
    expect(Object.fromEntries(prerenderedPages(dist))).toEqual({
      "/": "index.html",
      "/commands": "commands/index.html",
      "/docs": "docs/index.html",
      "/docs/setup": "docs/setup/index.html",
      "/terms": "terms/index.html",
      "/404": "404/index.html",
      "/docs/404": "docs/404/index.html",
    });
  });

  it("sends each prerendered page at its path, with or without a trailing slash or query", async () => {
    for (const [url, name] of [
      ["/", "Landing"],
      ["/commands", "Commands"],
      ["/commands/", "Commands"],
      ["/commands?category=fun", "Commands"],
      ["/docs", "Docs"],
      ["/docs/setup", "Setup"],
    ] as const) {
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"], url).toMatch(/^text\/html/);
      expect(response.headers["cache-control"], url).toBe("no-cache");
      expect(response.body, url).toContain(`<h1>${name}</h1>`);
    }
  });

  it("lets browsers keep hashed assets for good", async () => {
    const response = await app.inject({ method: "GET", url: "/assets/index-abc.js" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("sends the empty shell for the dashboard and detail pages, and JSON 404s for the API", async () => {
    for (const url of [
      "/dashboard",
      "/dashboard/",
      "/dashboard/123",
      "/giveaways/1/2",
      "/tournaments/1/2?x=1",
    ]) {
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<div id="root"></div>');
    }
    const api = await app.inject({ method: "GET", url: "/api/nope" });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: "Not Found", message: "No route for GET /api/nope" });
  });

  it("answers 404 with the designed page at a path no page or client route answers (issue 24 §4)", async () => {
    for (const [url, name] of [
      ["/no/such/page", "Page not found"],
      ["/dashboard/1/2", "Page not found"],
      ["/giveaways/1", "Page not found"],
      ["/commandz", "Page not found"],
      ["/404", "Page not found"],
      ["/docs/nope", "Docs page not found"],
      ["/docs/404", "Docs page not found"],
    ] as const) {
      for (const method of ["GET", "HEAD"] as const) {
        const response = await app.inject({ method, url });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.headers["content-type"], url).toMatch(/^text\/html/);
        expect(response.headers["cache-control"], url).toBe("no-cache");
        if (method === "GET") expect(response.body, url).toContain(`<h1>${name}</h1>`);
      }
    }
  });

  it("reads a client route pattern as React Router does", () => {
    const dashboard = routeMatcher("/dashboard/:serverId?");
    expect(["/dashboard", "/dashboard/1"].map((path) => dashboard.test(path))).toEqual([true, true]);
    expect(["/dashboard/1/2", "/dashboardx", "/x/dashboard"].some((path) => dashboard.test(path))).toBe(
      false,
    );
    expect(routeMatcher("/a.b/:id").test("/axb/1")).toBe(false);
  });

  it("sends a page's pre-compressed copy to a client that accepts it", async () => {
    const response = await app.inject({
      method: "GET",
      url: "/terms",
      headers: { "accept-encoding": "gzip" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("gzip");
  });

  it("sends pages a policy that runs only the site's own scripts, never inline ones", async () => {
    for (const url of ["/", "/docs/setup", "/dashboard"]) {
      const response = await app.inject({ method: "GET", url });
      const csp = String(response.headers["content-security-policy"]);
      const scriptSrc = csp.split(";").find((directive) => directive.trim().startsWith("script-src"));
      expect(scriptSrc?.trim(), url).toBe("script-src 'self'");
    }
  });

  it("answers HEAD for a prerendered page like GET, without the body", async () => {
    const response = await app.inject({ method: "HEAD", url: "/commands" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe("");
  });
});
