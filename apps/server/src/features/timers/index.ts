import { defineFeature } from "../feature.ts";
import { timersBot } from "./commands.ts";
import { seedDemo } from "./demo.ts";
import { registerTimerJobs } from "./jobs.ts";
import { timerRoutes } from "./routes.ts";

export const timers = defineFeature({
  name: "timers",
  tables: ["timers"],
  routes: timerRoutes,
  ...timersBot,
  jobs: registerTimerJobs,
  demoSeed: seedDemo,
});
