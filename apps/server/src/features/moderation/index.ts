import { defineFeature } from "../feature.ts";
import { moderationBot } from "./commands.ts";
import { registerModerationJobs } from "./jobs.ts";

export const moderation = defineFeature({
  name: "moderation",
  tables: ["moderation_cases"],
  ...moderationBot,
  jobs: registerModerationJobs,
});
