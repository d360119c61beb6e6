import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// Pinned so `vite` behaves the same whether run from the repo root or from apps/web.
const root = fileURLToPath(new URL(".", import.meta.url));
// The API server (apps/server) listens here during development.
const apiTarget = "http://localhost:3000";

export default defineConfig({
  root,
  plugins: [react(), tailwindcss()],
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
