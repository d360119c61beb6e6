import { defineFeature } from "../feature.ts";
import { seedDemo } from "./demo.ts";
import { listenForInsights } from "./listeners.ts";
import { insightsRoutes } from "./routes.ts";

export const insights = defineFeature({
  name: "insights",
  tables: [
    "insights_days",
    "insights_hours",
    "insights_day_keys",
    "insights_hour_keys",
    "insights_authors",
    "insights_flushes",
    "insights_demo",
  ],
  serverScopes: {
    insights_flushes: { none: "ids of the counter batches written, each covering many servers" },
  },
  routes: insightsRoutes,
  listeners: listenForInsights,
  // Last: the history spreads the demo giveaways' entries over their days.
  demoSeed: seedDemo,
});
