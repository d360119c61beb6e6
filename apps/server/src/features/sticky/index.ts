import { defineFeature } from "../feature.ts";
import { stickyBot } from "./commands.ts";

export const sticky = defineFeature({
  name: "sticky",
  tables: ["sticky_messages"],
  ...stickyBot,
});
