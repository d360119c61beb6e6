import { defineFeature } from "../feature.ts";
import { moderationBot } from "./commands.ts";
import { registerModerationJobs } from "./jobs.ts";
import { liftTemporaryBans } from "./service.ts";

export const moderation = defineFeature({
  name: "moderation",
  tables: ["moderation_cases"],
  ...moderationBot,
  jobs: registerModerationJobs,
  releaseOnPurge: liftTemporaryBans,
});
