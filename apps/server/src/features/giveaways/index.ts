import { defineFeature } from "../feature.ts";
import { giveawaysBot } from "./commands.ts";
import { seedDemo } from "./demo.ts";
import { registerGiveawayJobs } from "./jobs.ts";
import { giveawayRoutes } from "./routes.ts";

export const giveaways = defineFeature({
  name: "giveaways",
  tables: [
    "giveaways",
    "giveaway_entries",
    "giveaway_winners",
    "giveaway_configs",
    "giveaway_member_invites",
  ],
  routes: giveawayRoutes,
  ...giveawaysBot,
  jobs: registerGiveawayJobs,
  demoSeed: seedDemo,
});
