import { defineFeature } from "../feature.ts";
import { auditRoutes } from "./routes.ts";

export const audit = defineFeature({
  name: "audit",
  tables: ["audit_log"],
  routes: auditRoutes,
});
