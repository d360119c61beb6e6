import { defineFeature } from "../feature.ts";
import { staticaBot } from "./commands.ts";
import { seedDemo } from "./demo.ts";
import { staticaRoutes } from "./routes.ts";

export const statica = defineFeature({
  name: "statica",
  tables: ["statica_configs", "statica_rewards", "statica_events", "statica_setup_drafts"],
  routes: staticaRoutes,
  ...staticaBot,
  demoSeed: seedDemo,
});
