import { defineFeature } from "../feature.ts";
import { settingsBot } from "./commands.ts";
import { seedDemo } from "./demo.ts";
import { settingsRoutes } from "./routes.ts";

export const settings = defineFeature({
  name: "settings",
  tables: ["server_settings"],
  routes: settingsRoutes,
  ...settingsBot,
  demoSeed: seedDemo,
});
