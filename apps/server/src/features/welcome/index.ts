import { defineFeature } from "../feature.ts";
import { welcomeBot } from "./commands.ts";
import { seedDemo } from "./demo.ts";
import { registerWelcomeJobs } from "./jobs.ts";
import { welcomeRoutes } from "./routes.ts";

export const welcome = defineFeature({
  name: "welcome",
  tables: ["welcome_configs", "welcome_ping_configs", "welcome_ping_channels"],
  routes: welcomeRoutes,
  ...welcomeBot,
  jobs: registerWelcomeJobs,
  demoSeed: seedDemo,
});
