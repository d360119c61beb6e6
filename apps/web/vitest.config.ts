import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { docsContent } from "./scripts/docs-content.ts";
import { unicodeEmojis } from "./scripts/unicode-emojis";
import { coreAliases } from "./vite.config";

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  plugins: [...docsContent(), react(), unicodeEmojis()],
  resolve: { alias: coreAliases },
  test: {
    name: "web",
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["src/test/setup.ts"],
    // jsdom renders slowly while the server project's forks share the CPU; 5 s was flaky in CI.
    testTimeout: 15_000,
  },
});
