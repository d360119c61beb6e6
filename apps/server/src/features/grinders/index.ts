import { defineFeature } from "../feature.ts";
import { grindersBot } from "./commands.ts";
import { seedDemo } from "./demo.ts";
import { registerGrinderJobs } from "./jobs.ts";
import { grinderRoutes } from "./routes.ts";

export const grinders = defineFeature({
  name: "grinders",
  tables: ["grinders", "grinder_payments", "server_tiers"],
  routes: grinderRoutes,
  ...grindersBot,
  jobs: registerGrinderJobs,
  demoSeed: seedDemo,
});
