import { defineFeature } from "../feature.ts";
import { eventHelperBot } from "./commands.ts";

export const eventHelper = defineFeature({
  name: "event-helper",
  tables: [],
  ...eventHelperBot,
});
