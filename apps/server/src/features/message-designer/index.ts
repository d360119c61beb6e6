import { defineFeature } from "../feature.ts";

export const messageDesigner = defineFeature({
  name: "message-designer",
  tables: ["designer_drafts"],
});
