import { defineFeature } from "../feature.ts";
import { setupCommand } from "./commands.ts";
import { seedDemo } from "./demo.ts";
import { setupRoutes } from "./routes.ts";
import { getSetup } from "./service.ts";

export const setup = defineFeature({
  name: "setup",
  tables: ["server_setups"],
  routes: setupRoutes,
  commands: () => [setupCommand],
  demoSeed: seedDemo,
  managerRoles: {
    "grinder management role": async (ctx, serverId) => (await getSetup(ctx, serverId)).managerRoleId,
    "event manager role": async (ctx, serverId) => (await getSetup(ctx, serverId)).events.manager,
  },
});
