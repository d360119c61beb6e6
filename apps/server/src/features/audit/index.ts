import { defineFeature } from "../feature.ts";

export const audit = defineFeature({
  name: "audit",
  tables: ["audit_log"],
});
