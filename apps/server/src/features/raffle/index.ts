import { defineFeature } from "../feature.ts";
import { raffleBot } from "./commands.ts";
import { seedDemo } from "./demo.ts";
import { raffleRoutes } from "./routes.ts";

export const raffle = defineFeature({
  name: "raffle",
  tables: ["raffles", "raffle_tickets", "raffle_winners"],
  serverScopes: {
    raffle_tickets: { parent: "raffles", via: "raffle_id" },
    raffle_winners: { parent: "raffles", via: "raffle_id" },
  },
  routes: raffleRoutes,
  ...raffleBot,
  demoSeed: seedDemo,
});
