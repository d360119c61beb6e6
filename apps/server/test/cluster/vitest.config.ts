import { defineConfig } from "vitest/config";

// `npm run test:cluster`: real Hearth processes on PostgreSQL and Redis (see scale-out.cluster.ts).
// Its own run, after the unit tests, so the processes' timing isn't squeezed by hundreds of
// parallel test files on a small machine.
export default defineConfig({
  test: {
    name: "cluster",
    root: import.meta.dirname,
    include: ["**/*.cluster.ts"],
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 150_000,
    // One file, its tests in order: they share one deployment.
    fileParallelism: false,
  },
});
