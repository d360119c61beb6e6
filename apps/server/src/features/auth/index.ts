import { defineFeature } from "../feature.ts";
import { dashboardBot } from "./commands.ts";
import { listenForLeavers } from "./listeners.ts";

export const auth = defineFeature({
  name: "auth",
  tables: ["dashboard_tokens"],
  ...dashboardBot,
  listeners: listenForLeavers,
});
