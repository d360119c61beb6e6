import { defineFeature } from "../feature.ts";
import { boardsBot } from "./commands.ts";
import { seedDemo } from "./demo.ts";

export const boards = defineFeature({
  name: "boards",
  tables: ["boards", "board_messages", "board_reactors"],
  ...boardsBot,
  demoSeed: seedDemo,
});
