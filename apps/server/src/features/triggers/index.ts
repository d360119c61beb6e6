import { defineFeature } from "../feature.ts";
import { triggersBot } from "./commands.ts";
import { seedDemo } from "./demo.ts";
import { triggerRoutes } from "./routes.ts";

export const triggers = defineFeature({
  name: "triggers",
  tables: ["server_triggers"],
  routes: triggerRoutes,
  ...triggersBot,
  demoSeed: seedDemo,
});
