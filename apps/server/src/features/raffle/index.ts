import { defineFeature } from "../feature.ts";
import { raffleBot } from "./commands.ts";
import { seedDemo } from "./demo.ts";

export const raffle = defineFeature({
  name: "raffle",
  tables: ["raffles", "raffle_tickets", "raffle_winners"],
  ...raffleBot,
  demoSeed: seedDemo,
});
