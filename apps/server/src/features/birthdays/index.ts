import { defineFeature } from "../feature.ts";
import { birthdaysBot } from "./commands.ts";
import { seedDemo } from "./demo.ts";
import { registerBirthdayJobs } from "./jobs.ts";
import { birthdayRoutes } from "./routes.ts";

export const birthdays = defineFeature({
  name: "birthdays",
  tables: ["birthdays", "birthday_settings"],
  routes: birthdayRoutes,
  ...birthdaysBot,
  jobs: registerBirthdayJobs,
  demoSeed: seedDemo,
});
