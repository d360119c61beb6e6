import { defineFeature, type Feature } from "../feature.ts";
import { purgeBot } from "./commands.ts";
import { retentionJobs } from "./retention.ts";
import { purgeRoutes } from "./routes.ts";
import { tableScopes } from "./scopes.ts";

/**
 * The owner's data purge (`/purge` and the dashboard's Danger zone), and the daily deletion of the
 * data of servers Hearth left more than 30 days ago. It walks every feature's tables,
 * so it is given the whole feature list (lazily: the list holds this feature too).
 */
export function purge(all: () => readonly Feature[]): Feature {
  const scopes = () => tableScopes(all());
  return defineFeature({
    name: "purge",
    tables: [],
    routes: purgeRoutes(scopes),
    jobs: retentionJobs(scopes),
    ...purgeBot(scopes),
  });
}
