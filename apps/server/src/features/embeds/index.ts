import { defineFeature } from "../feature.ts";
import { embedsBot } from "./commands.ts";
import { seedDemo } from "./demo.ts";
import { registerEmbedsJobs } from "./jobs.ts";
import { embedRoutes } from "./routes.ts";

export const embeds = defineFeature({
  name: "embeds",
  tables: ["embed_templates", "embed_drafts"],
  routes: embedRoutes,
  ...embedsBot,
  jobs: registerEmbedsJobs,
  demoSeed: seedDemo,
});
