import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  test: {
    name: "web-e2e",
    environment: "node",
    include: ["e2e/**/*.e2e.test.ts"],
    testTimeout: 60_000,
    // Starting the real server (migrations, seeding) and Chromium can take a while on a cold machine.
    hookTimeout: 120_000,
    // Each file starts its own server and Chromium; one at a time keeps a small machine responsive.
    fileParallelism: false,
  },
});
