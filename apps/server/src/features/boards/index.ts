import { defineFeature } from "../feature.ts";
import { boardsBot } from "./commands.ts";
import { seedDemo } from "./demo.ts";
import { boardRoutes } from "./routes.ts";

export const boards = defineFeature({
  name: "boards",
  tables: ["boards", "board_messages", "board_reactors"],
  serverScopes: { board_reactors: { parent: "boards", via: "board_id" } },
  routes: boardRoutes,
  ...boardsBot,
  demoSeed: seedDemo,
});
