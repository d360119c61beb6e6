import { defineFeature } from "../feature.ts";
import { listenForInvites } from "./tracker.ts";

/**
 * Invite tracking: who brought each member in, and each member's count of invited members still
 * here. Other features ask through service.ts (giveaways' min_invites requirement).
 */
export const invites = defineFeature({
  name: "invites",
  tables: ["invite_codes", "invite_tracking", "invite_joins", "giveaway_member_invites"],
  listeners: listenForInvites,
});
