import { defineFeature } from "../feature.ts";
import { auditRetentionJobs } from "./retention.ts";
import { auditRoutes } from "./routes.ts";

export const audit = defineFeature({
  name: "audit",
  tables: ["audit_log"],
  routes: auditRoutes,
  jobs: auditRetentionJobs,
});
