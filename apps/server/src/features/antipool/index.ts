import { defineFeature } from "../feature.ts";
import { antipoolBot } from "./commands.ts";

export const antipool = defineFeature({
  name: "antipool",
  tables: ["antipool_wins", "antipool_blocks"],
  ...antipoolBot,
});
