import { defineFeature } from "../feature.ts";
import { listenForGuilds } from "./listeners.ts";
import { permissionsCheckCommand } from "./permissions-command.ts";
import { dashboardRoutes } from "./routes.ts";

export const guilds = defineFeature({
  name: "guilds",
  tables: ["guilds"],
  serverScopes: { guilds: { column: "id" } },
  routes: dashboardRoutes,
  commands: () => [permissionsCheckCommand],
  listeners: listenForGuilds,
});
