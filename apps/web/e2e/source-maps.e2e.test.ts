import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type HearthServer, repoRoot, startHearthServer } from "./hearth-server";

const webDist = path.join(repoRoot, "apps", "web", "dist");
const sourceMaps = path.join(repoRoot, "apps", "web", "sourcemaps");

let server: HearthServer;

beforeAll(async () => {
  server = await startHearthServer({ snapshotDist: true });
});

afterAll(async () => {
  await server?.stop();
});

/**
 * Issue 15, finding 10: the production build served 48 source maps (3.6 MB of source). The build
 * writes them to apps/web/sourcemaps (outside the served root) with no sourceMappingURL comments.
 */
describe("the production build's source maps", () => {
  it("are not in the served root, no served file points at one, and the server answers 404 for them", async () => {
    const files = (await readdir(webDist, { recursive: true })).map(String);
    expect(files.filter((file) => /\.map(\.(gz|br))?$/.test(file))).toEqual([]);
    const scripts = files.filter((file) => /\.(js|css|html)$/.test(file));
    expect(scripts.length).toBeGreaterThan(5);
    for (const file of scripts) {
      const text = await readFile(path.join(webDist, file), "utf8");
      expect(text, file).not.toMatch(/sourceMappingURL=/);
    }
    for (const file of scripts.filter((name) => name.endsWith(".js")).slice(0, 10)) {
      const url = `${server.baseUrl}/${file.split(path.sep).join("/")}`;
      const bundle = await fetch(url);
      expect(bundle.status, url).toBe(200);
      expect(bundle.headers.get("sourcemap")).toBeNull();
      expect(bundle.headers.get("x-sourcemap")).toBeNull();
      const map = await fetch(`${url}.map`);
      expect(map.status, `${url}.map`).toBe(404);
      expect(await map.text()).not.toContain("sourcesContent");
    }
  });

  it("are still written beside the build, for decoding production stack traces", async () => {
    expect(existsSync(sourceMaps)).toBe(true);
    const maps = (await readdir(sourceMaps, { recursive: true }))
      .map(String)
      .filter((f) => f.endsWith(".map"));
    expect(maps.length).toBeGreaterThan(5);
    const first = JSON.parse(await readFile(path.join(sourceMaps, maps[0] ?? ""), "utf8")) as {
      version: number;
    };
    expect(first.version).toBe(3);
  });
});
