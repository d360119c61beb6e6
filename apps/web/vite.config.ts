import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { docsContent } from "./scripts/docs-content.ts";
import { prerender } from "./scripts/prerender";
import { unicodeEmojis } from "./scripts/unicode-emojis";

// Pinned so `vite` behaves the same whether run from the repo root or from apps/web.
const root = fileURLToPath(new URL(".", import.meta.url));
// Parts of @hearth/core without its zod schemas, which the site doesn't need (see tsconfig.json "paths").
const coreSource = (path: string) =>
  fileURLToPath(new URL(`../../packages/core/src/${path}`, import.meta.url));
export const coreAliases = {
  "@hearth/core/commands": coreSource("commands/catalogue.ts"),
  "@hearth/core/retention": coreSource("limits/retention.ts"),
  "@hearth/core/limits": coreSource("limits/index.ts"),
  "@hearth/core/template/": coreSource("template/"),
};
/**
 * Writes a .br and a .gz copy next to every text file of the build, so a static server that
 * serves pre-compressed files (@fastify/static's `preCompressed`) sends them without compressing
 * on each request. Brotli at its best quality costs build time once instead of CPU per response.
 */
async function precompress(outDir: string): Promise<void> {
  const compressible = /\.(?:js|css|html|svg|txt|json)$/;
  const files = await readdir(outDir, { recursive: true });
  await Promise.all(
    files
      .filter((file) => compressible.test(file))
      .map(async (file) => {
        const full = path.join(outDir, file);
        const body = await readFile(full);
        if (body.length < 1024) return;
        await writeFile(`${full}.gz`, gzipSync(body, { level: 9 }));
        await writeFile(
          `${full}.br`,
          brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }),
  );
}

/**
 * Where the build's source maps go: beside the site, never inside `dist`, which the server serves.
 * They stay useful for decoding a production stack trace (the maps are "hidden": the bundles carry
 * no sourceMappingURL comment, so browsers never ask for them).
 */
export const sourceMapDir = fileURLToPath(new URL("sourcemaps/", import.meta.url));

/** Takes the .map files out of the bundle before it is written and writes them to `sourceMapDir`. */
function sourceMapsOutsideDist(): Plugin {
  return {
    name: "hearth:source-maps-outside-dist",
    apply: "build",
    enforce: "post",
    async buildStart() {
      await rm(sourceMapDir, { recursive: true, force: true });
    },
    async generateBundle(_options, bundle) {
      for (const [fileName, output] of Object.entries(bundle)) {
        if (!fileName.endsWith(".map") || output.type !== "asset") continue;
        const target = path.join(sourceMapDir, fileName);
        await mkdir(path.dirname(target), { recursive: true });
        await writeFile(target, output.source);
        delete bundle[fileName];
      }
    },
  };
}

// The API server (apps/server) listens here during development.
const apiTarget = "http://localhost:3000";

export default defineConfig({
  root,
  plugins: [
    // The docs guides (src/content/docs/*.mdx) and their index; MDX compiles before React's plugin.
    ...docsContent(),
    react(),
    tailwindcss(),
    unicodeEmojis(),
    // The public pages rendered to HTML (scripts/prerender.ts), then every text file compressed.
    prerender({ alias: coreAliases, after: precompress }),
    sourceMapsOutsideDist(),
  ],
  resolve: { alias: coreAliases },
  server: {
    proxy: {
      "/api": apiTarget,
      "/health": apiTarget,
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // Routes are split by their dynamic imports in src/app/routes.tsx; no manual chunking needed.
    // Maps for decoding production errors, written outside the served root (see sourceMapsOutsideDist).
    sourcemap: "hidden",
  },
});
