import { defineFeature } from "../feature.ts";
import { selfrolesBot } from "./commands.ts";
import { seedDemo } from "./demo.ts";
import { registerSelfRolesJobs } from "./jobs.ts";
import { selfRoleRoutes } from "./routes.ts";

export const selfroles = defineFeature({
  name: "selfroles",
  tables: [
    "selfrole_roles",
    "selfrole_panels",
    "selfrole_panel_roles",
    "selfrole_messages",
    "selfrole_drafts",
  ],
  routes: selfRoleRoutes,
  ...selfrolesBot,
  jobs: registerSelfRolesJobs,
  demoSeed: seedDemo,
});
