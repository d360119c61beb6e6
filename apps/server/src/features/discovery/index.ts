import { defineFeature } from "../feature.ts";
import { seedDemo } from "./demo.ts";
import { discoveryRoutes } from "./routes.ts";

export const discovery = defineFeature({
  name: "discovery",
  tables: ["discovery_entries"],
  routes: discoveryRoutes,
  demoSeed: seedDemo,
});
