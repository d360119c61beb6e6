import { defineFeature } from "../feature.ts";
import { moderationBot } from "./commands.ts";
import { registerModerationJobs } from "./jobs.ts";
import { moderationRoutes } from "./routes.ts";
import { liftTemporaryBans } from "./service.ts";

export const moderation = defineFeature({
  name: "moderation",
  tables: ["moderation_cases"],
  routes: moderationRoutes,
  ...moderationBot,
  jobs: registerModerationJobs,
  releaseOnPurge: liftTemporaryBans,
});
