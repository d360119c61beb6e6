import type { CommandEntry, CommandPermission } from "../types.ts";
import { command } from "./define.ts";
import { flag, int, role, text, user } from "./options.ts";

const category = "Server Configuration";
const adminOrManager: CommandPermission[] = ["Administrator", "Manage Server"];

/** `/perks-admin`: perk tiers tied to roles, and the perks members hold through them. */
export const perkAdminCommands: CommandEntry[] = [
  command({
    name: "perks-admin create",
    description: "Create a perk tier linked to a role, with its limits.",
    category,
    permissions: adminOrManager,
    options: [
      text("name", "The tier's name, e.g. VIP"),
      role("role", "Members with this role get the tier"),
      int("emojis", "Auto-reaction emoji limit", { min: 0, max: 20 }, false),
      flag("highlights", "Allow keyword highlights"),
      int("channel_members", "Private channel member cap (0 = no channel)", { min: 0, max: 100 }, false),
      int("role_members", "Private role member cap (0 = no role)", { min: 0, max: 100 }, false),
      flag("afk", "Allow /afk"),
      int("responders", "Auto-responder limit", { min: 0, max: 25 }, false),
    ],
    examples: [
      "/perks-admin create name:Supporter role:@Supporter emojis:2 responders:1",
      "/perks-admin create name:VIP role:@VIP emojis:4 channel_members:10 role_members:5 responders:3",
    ],
  }),
  command({
    name: "perks-admin edit",
    description: "Change a perk tier's role or limits.",
    category,
    permissions: adminOrManager,
    options: [
      text("tier", "The tier to edit"),
      text("name", "A new name for the tier", false),
      role("role", "A new linked role", false),
      int("emojis", "Auto-reaction emoji limit", { min: 0, max: 20 }, false),
      flag("highlights", "Allow keyword highlights"),
      int("channel_members", "Private channel member cap", { min: 0, max: 100 }, false),
      int("role_members", "Private role member cap", { min: 0, max: 100 }, false),
      flag("afk", "Allow /afk"),
      int("responders", "Auto-responder limit", { min: 0, max: 25 }, false),
    ],
    examples: ["/perks-admin edit tier:VIP emojis:5", "/perks-admin edit tier:Premium channel_members:20"],
  }),
  command({
    name: "perks-admin list",
    description: "List the perk tiers with their roles and limits.",
    category,
    permissions: adminOrManager,
    examples: ["/perks-admin list"],
  }),
  command({
    name: "perks-admin delete",
    description: "Delete a perk tier (irreversible); its members lose the tier's perks.",
    category,
    permissions: adminOrManager,
    options: [text("tier", "The tier to delete")],
    examples: ["/perks-admin delete tier:Supporter"],
  }),
  command({
    name: "perks-admin deleteuser",
    description: "Remove all of a member's perks: channel, role, reactions, highlights, responders.",
    category,
    permissions: adminOrManager,
    options: [user("user", "The member")],
    examples: ["/perks-admin deleteuser user:@Morgan"],
  }),
  command({
    name: "perks-admin settings",
    description: "Switch auto-cleanup of expired perk channels and roles on or off.",
    category,
    permissions: adminOrManager,
    options: [flag("auto_cleanup", "Remove perk channels and roles of members who lost the tier")],
    examples: ["/perks-admin settings", "/perks-admin settings auto_cleanup:true"],
  }),
];
