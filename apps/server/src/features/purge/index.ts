import { defineFeature, type Feature } from "../feature.ts";
import { purgeBot } from "./commands.ts";
import { purgeRoutes } from "./routes.ts";
import { tableScopes } from "./scopes.ts";

/**
 * The owner's data purge (`/purge` and the dashboard's Danger zone). It walks every feature's tables,
 * so it is given the whole feature list (lazily: the list holds this feature too).
 */
export function purge(all: () => readonly Feature[]): Feature {
  const scopes = () => tableScopes(all());
  return defineFeature({
    name: "purge",
    tables: [],
    routes: purgeRoutes(scopes),
    ...purgeBot(scopes),
  });
}
