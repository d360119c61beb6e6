import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

// Pinned so `vite` behaves the same whether run from the repo root or from apps/web.
const root = fileURLToPath(new URL(".", import.meta.url));
// Parts of @hearth/core without its zod schemas, which the site doesn't need (see tsconfig.json "paths").
const coreSource = (path: string) =>
  fileURLToPath(new URL(`../../packages/core/src/${path}`, import.meta.url));
export const coreAliases = {
  "@hearth/core/commands": coreSource("commands/catalogue.ts"),
  "@hearth/core/template/": coreSource("template/"),
};
/**
 * Writes a .br and a .gz copy next to every text asset of the build, so a static server that
 * serves pre-compressed files (@fastify/static's `preCompressed`) sends them without compressing
 * on each request. Brotli at its best quality costs build time once instead of CPU per response.
 */
function precompress(): Plugin {
  const compressible = /\.(?:js|css|html|svg|txt|json)$/;
  let outDir = "";
  return {
    name: "hearth:precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
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
    },
  };
}

// The API server (apps/server) listens here during development.
const apiTarget = "http://localhost:3000";

export default defineConfig({
  root,
  plugins: [react(), tailwindcss(), precompress()],
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
    sourcemap: true,
  },
});
