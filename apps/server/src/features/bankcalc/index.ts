import { defineFeature } from "../feature.ts";
import { bankcalcBot } from "./commands.ts";

/** `/bankcalc`: splitting a heist or bank payout, behind the Bank calculator switch. No tables. */
export const bankcalc = defineFeature({
  name: "bankcalc",
  tables: [],
  ...bankcalcBot,
});
