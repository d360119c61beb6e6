import { defineFeature } from "../feature.ts";
import { heistBot } from "./commands.ts";

export const heist = defineFeature({
  name: "heist",
  tables: [],
  ...heistBot,
});
