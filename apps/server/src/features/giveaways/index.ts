import { defineFeature } from "../feature.ts";
import { giveawaysBot } from "./commands.ts";
import { seedDemo } from "./demo.ts";
import { registerGiveawayJobs } from "./jobs.ts";
import { giveawayRoutes } from "./routes.ts";
import { giveawayTemplateRoutes } from "./template-routes.ts";

export const giveaways = defineFeature({
  name: "giveaways",
  tables: [
    "giveaways",
    "giveaway_entries",
    "giveaway_winners",
    "giveaway_configs",
    "giveaway_entry_removals",
    "giveaway_blocks",
    "giveaway_schedules",
    "giveaway_templates",
  ],
  serverScopes: {
    giveaway_entries: { parent: "giveaways", via: "giveaway_id" },
    giveaway_entry_removals: { parent: "giveaways", via: "giveaway_id" },
  },
  // Both sets in the same (authenticated) app: called directly, not registered as child plugins.
  routes: async (app, options) => {
    await giveawayRoutes(app, options);
    await giveawayTemplateRoutes(app, options);
  },
  ...giveawaysBot,
  jobs: registerGiveawayJobs,
  demoSeed: seedDemo,
});
