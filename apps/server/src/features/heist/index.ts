import { defineFeature } from "../feature.ts";
import { heistBot } from "./commands.ts";
import { seedDemo } from "./demo.ts";

export const heist = defineFeature({
  name: "heist",
  tables: [],
  ...heistBot,
  demoSeed: seedDemo,
});
