import { defineFeature } from "../feature.ts";
import { perksBot } from "./commands.ts";
import { seedDemo } from "./demo.ts";
import { registerPerksJobs } from "./jobs.ts";
import { perkRoutes } from "./routes.ts";

export const perks = defineFeature({
  name: "perks",
  tables: [
    "perk_tiers",
    "perk_settings",
    "perk_members",
    "perk_keywords",
    "perk_responders",
    "perk_afk",
    "perk_afk_mentions",
  ],
  routes: perkRoutes,
  ...perksBot,
  jobs: registerPerksJobs,
  demoSeed: seedDemo,
});
