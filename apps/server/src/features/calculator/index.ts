import { defineFeature } from "../feature.ts";
import { calculatorBot } from "./commands.ts";

/** `/calc` and the Calculator switch's answers to sums typed in chat. No tables of its own. */
export const calculator = defineFeature({
  name: "calculator",
  tables: [],
  ...calculatorBot,
});
