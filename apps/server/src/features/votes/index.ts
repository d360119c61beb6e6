import { defineFeature } from "../feature.ts";
import { votesBot } from "./commands.ts";
import { registerVoteJobs } from "./jobs.ts";
import { expireAllRewards } from "./rewards.ts";
import { voteRoutes } from "./routes.ts";

export const votes = defineFeature({
  name: "votes",
  tables: ["vote_settings", "votes", "vote_stats", "vote_rewards", "vote_monthly_archive"],
  routes: voteRoutes,
  ...votesBot,
  jobs: registerVoteJobs,
  releaseOnPurge: expireAllRewards,
});
