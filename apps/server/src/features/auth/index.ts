import { defineFeature } from "../feature.ts";
import { dashboardBot } from "./commands.ts";
import { listenForLeavers } from "./listeners.ts";
import { authRoutes } from "./routes.ts";

export const auth = defineFeature({
  name: "auth",
  tables: ["dashboard_tokens"],
  routes: authRoutes,
  ...dashboardBot,
  listeners: listenForLeavers,
});
