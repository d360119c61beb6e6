import { defineFeature } from "../feature.ts";
import { componentsBot } from "./commands.ts";
import { seedDemo } from "./demo.ts";
import { componentRoutes } from "./routes.ts";
import { getManagerRole } from "./service.ts";

export const messageComponents = defineFeature({
  name: "message-components",
  tables: ["components", "component_messages", "component_settings"],
  routes: componentRoutes,
  ...componentsBot,
  demoSeed: seedDemo,
  managerRoles: { "component management role": getManagerRole },
});
