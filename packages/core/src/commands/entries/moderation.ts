import type { CommandEntry, CommandPermission } from "../types.ts";
import { command } from "./define.ts";
import { int, pick, role, text, user } from "./options.ts";

const category = "Moderation";
const moderators: CommandPermission[] = ["Moderate Members"];
const roleManagers: CommandPermission[] = ["Manage Roles"];

export const moderationCommands: CommandEntry[] = [
  command({
    name: "mod ban",
    description: "Ban a member, for good or for a duration; the case is logged.",
    category,
    permissions: moderators,
    options: [
      user("user", "The member or user ID to ban"),
      text("reason", "Why (shown in the audit log)", false),
      text("duration", "Temporary ban, e.g. 12h, 7d or 1w", false),
      int("delete_days", "Delete their messages of the last N days", { min: 0, max: 7 }, false),
    ],
    examples: [
      "/mod ban user:@Spammer reason:Scam links",
      "/mod ban user:@Troll reason:Harassment duration:7d",
    ],
  }),
  command({
    name: "mod kick",
    description: "Remove a member from the server; they can rejoin with an invite.",
    category,
    permissions: moderators,
    options: [user("user", "The member to kick"), text("reason", "Why", false)],
    examples: ["/mod kick user:@Troll reason:Spamming in #general"],
  }),
  command({
    name: "mod timeout",
    description: "Time a member out (up to 28 days); it ends on its own.",
    category,
    permissions: moderators,
    options: [
      user("user", "The member"),
      text("duration", "How long, e.g. 10m, 1h or 1d"),
      text("reason", "Why", false),
    ],
    examples: [
      "/mod timeout user:@Alex duration:10m",
      "/mod timeout user:@Sam duration:1d reason:Repeated spam",
    ],
  }),
  command({
    name: "mod unban",
    description: "Lift a ban, including a temporary one before it ends.",
    category,
    permissions: moderators,
    options: [user("user", "The banned user (ID)"), text("reason", "Why", false)],
    examples: ["/mod unban user:123456789012345678 reason:Appeal accepted"],
  }),
  command({
    name: "mod warn",
    description: "Warn a member by DM and add the warning to their record.",
    category,
    permissions: moderators,
    options: [user("user", "The member"), text("reason", "What the warning is for")],
    examples: ["/mod warn user:@Alex reason:Keep memes in #memes"],
  }),
  command({
    name: "mod audit",
    description: "Show the moderation case log, for the server or one member.",
    category,
    permissions: moderators,
    options: [
      user("user", "Only this member's cases", false),
      pick("action", "Only this kind of case", ["ban", "kick", "timeout", "unban", "warn"], false),
    ],
    examples: ["/mod audit", "/mod audit user:@Alex", "/mod audit action:ban"],
  }),
  command({
    name: "role assign",
    description: "Give a member a role below Hearth's own role.",
    category,
    permissions: roleManagers,
    options: [user("user", "The member"), role("role", "The role to give")],
    examples: ["/role assign user:@Alex role:@Events Ping"],
  }),
  command({
    name: "role remove",
    description: "Take a role from a member.",
    category,
    permissions: roleManagers,
    options: [user("user", "The member"), role("role", "The role to take")],
    examples: ["/role remove user:@Alex role:@Events Ping"],
  }),
  command({
    name: "role sync",
    description:
      "Re-apply the roles Hearth manages (grinder base/tier roles, Statica rewards) to match its records.",
    category,
    permissions: roleManagers,
    options: [user("user", "Only this member (defaults to everyone)", false)],
    examples: ["/role sync", "/role sync user:@Alex"],
  }),
];
