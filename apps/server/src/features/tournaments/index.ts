import { defineFeature } from "../feature.ts";
import { tournamentsBot } from "./commands.ts";
import { seedDemo } from "./demo.ts";
import { tournamentRoutes } from "./routes.ts";

export const tournaments = defineFeature({
  name: "tournaments",
  tables: ["tournaments", "tournament_players", "tournament_matches"],
  serverScopes: {
    tournament_players: { parent: "tournaments", via: "tournament_id" },
    tournament_matches: { parent: "tournaments", via: "tournament_id" },
  },
  routes: tournamentRoutes,
  ...tournamentsBot,
  demoSeed: seedDemo,
});
