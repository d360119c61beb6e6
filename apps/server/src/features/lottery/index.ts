import { defineFeature } from "../feature.ts";
import { lotteryBot } from "./commands.ts";
import { seedDemo } from "./demo.ts";
import { registerLotteryJobs } from "./jobs.ts";
import { lotteryRoutes } from "./routes.ts";

export const lottery = defineFeature({
  name: "lottery",
  tables: ["lotteries", "lottery_tickets"],
  serverScopes: { lottery_tickets: { parent: "lotteries", via: "lottery_id" } },
  routes: lotteryRoutes,
  ...lotteryBot,
  jobs: registerLotteryJobs,
  demoSeed: seedDemo,
});
