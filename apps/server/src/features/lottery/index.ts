import { defineFeature } from "../feature.ts";
import { lotteryBot } from "./commands.ts";
import { seedDemo } from "./demo.ts";
import { registerLotteryJobs } from "./jobs.ts";

export const lottery = defineFeature({
  name: "lottery",
  tables: ["lotteries", "lottery_tickets"],
  ...lotteryBot,
  jobs: registerLotteryJobs,
  demoSeed: seedDemo,
});
