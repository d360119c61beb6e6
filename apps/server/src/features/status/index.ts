import { defineFeature } from "../feature.ts";
import { statusRoutes } from "./routes.ts";
import { countCommand } from "./service.ts";

export const status = defineFeature({
  name: "status",
  tables: ["heartbeats", "command_runs"],
  serverScopes: { heartbeats: { none: "one row per minute the process was alive, for every server" } },
  routes: statusRoutes,
  listeners: (bot, ctx) => bot.onCommandRun((serverId, path) => countCommand(ctx, serverId, path)),
});
