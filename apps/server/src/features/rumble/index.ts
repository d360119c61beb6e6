import { defineFeature } from "../feature.ts";
import { rumbleBot } from "./commands.ts";
import { seedDemo } from "./demo.ts";

export const rumble = defineFeature({
  name: "rumble",
  tables: ["rumble_wins"],
  ...rumbleBot,
  demoSeed: seedDemo,
});
