import os from "node:os";
import { benchDashboardServer } from "./dashboard-server.bench.ts";
import { benchConnections, benchDurationSeconds } from "./harness.ts";

// `npm run bench`: prints figures; never part of the pass/fail of tests.
console.log(
  `Hearth benchmarks — node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? "unknown"}), ${benchDurationSeconds} s per run, ${benchConnections} connections`,
);
await benchDashboardServer();
