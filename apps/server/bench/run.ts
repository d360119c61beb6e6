import os from "node:os";
import { benchBotMemory } from "./bot-memory.bench.ts";
import { benchCalculator } from "./calculator.bench.ts";
import { benchDashboardServer } from "./dashboard-server.bench.ts";
import { benchGiveawayEntrants } from "./giveaway-entrants.bench.ts";
import { benchGiveaways } from "./giveaways.bench.ts";
import { benchGrindersList } from "./grinders-list.bench.ts";
import { benchConnections, benchDurationSeconds } from "./harness.ts";
import { benchInsights } from "./insights.bench.ts";
import { benchJobs } from "./jobs.bench.ts";
import { benchLottery } from "./lottery.bench.ts";
import { benchMemberSearch } from "./member-search.bench.ts";
import { benchMessagePipeline } from "./message-pipeline.bench.ts";
import { benchMixedRoutes } from "./mixed-routes.bench.ts";
import { benchTemplate } from "./template.bench.ts";
import { benchVotes } from "./votes.bench.ts";

// `npm run bench`: prints figures; never part of the pass/fail of tests. BENCH_ONLY=name,name picks some.
const benches: Record<string, () => Promise<unknown>> = {
  "dashboard-server": benchDashboardServer,
  "grinders-list": benchGrindersList,
  giveaways: benchGiveaways,
  "giveaway-entrants": benchGiveawayEntrants,
  template: benchTemplate,
  calculator: benchCalculator,
  "message-pipeline": benchMessagePipeline,
  "bot-memory": benchBotMemory,
  votes: benchVotes,
  jobs: benchJobs,
  lottery: benchLottery,
  "mixed-routes": benchMixedRoutes,
  insights: benchInsights,
  "member-search": benchMemberSearch,
};

console.log(
  `Hearth benchmarks — node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? "unknown"}), ${benchDurationSeconds} s per HTTP run, ${benchConnections} connections`,
);
const only = process.env.BENCH_ONLY?.split(",").map((name) => name.trim());
for (const [name, bench] of Object.entries(benches)) {
  if (only && !only.includes(name)) continue;
  await bench();
}
