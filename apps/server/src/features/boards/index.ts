import { defineFeature } from "../feature.ts";
import { boardsBot } from "./commands.ts";
import { seedDemo } from "./demo.ts";

export const boards = defineFeature({
  name: "boards",
  tables: ["boards", "board_messages", "board_reactors"],
  serverScopes: { board_reactors: { parent: "boards", via: "board_id" } },
  ...boardsBot,
  demoSeed: seedDemo,
});
