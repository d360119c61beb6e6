import { defineFeature } from "../feature.ts";
import { marketBot } from "./commands.ts";
import { seedDemo } from "./demo.ts";
import { marketRoutes } from "./routes.ts";

/** The Market checker: each server's price list, trade checks and price questions in chat. */
export const market = defineFeature({
  name: "market",
  tables: ["market_items", "market_channels"],
  routes: marketRoutes,
  ...marketBot,
  demoSeed: seedDemo,
});
