import { defineFeature } from "../feature.ts";
import { stickyBot } from "./commands.ts";
import { stickyRoutes } from "./routes.ts";

export const sticky = defineFeature({
  name: "sticky",
  tables: ["sticky_messages"],
  routes: stickyRoutes,
  ...stickyBot,
});
