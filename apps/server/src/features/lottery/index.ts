import { defineFeature } from "../feature.ts";
import { lotteryBot } from "./commands.ts";
import { seedDemo } from "./demo.ts";
import { registerLotteryJobs } from "./jobs.ts";

export const lottery = defineFeature({
  name: "lottery",
  tables: ["lotteries", "lottery_tickets"],
  serverScopes: { lottery_tickets: { parent: "lotteries", via: "lottery_id" } },
  ...lotteryBot,
  jobs: registerLotteryJobs,
  demoSeed: seedDemo,
});
