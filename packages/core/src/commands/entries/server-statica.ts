import type { CommandEntry } from "../types.ts";
import { command } from "./define.ts";
import { int, user } from "./options.ts";

const category = "Server Configuration";

/** `/statica`: supporter rewards for members who wear the server tag or status keywords. */
export const staticaCommands: CommandEntry[] = [
  command({
    name: "statica setup",
    description: "Configure supporter rewards: server tag, status keywords, roles and logging.",
    category,
    permissions: ["Manage Server"],
    examples: ["/statica setup"],
  }),
  command({
    name: "statica test",
    description: "Check whether a member currently meets the reward conditions, and why.",
    category,
    permissions: ["Manage Server"],
    options: [user("user", "The member to check (defaults to you)", false)],
    examples: ["/statica test", "/statica test user:@Morgan"],
  }),
  command({
    name: "statica stats",
    description: "How many members hold each reward role and how many qualify right now.",
    category,
    permissions: ["Manage Server"],
    examples: ["/statica stats"],
  }),
  command({
    name: "statica logs",
    description: "Show the latest role grants and removals.",
    category,
    permissions: ["Manage Server"],
    options: [int("limit", "How many entries (default 10)", { min: 1, max: 50 }, false)],
    examples: ["/statica logs", "/statica logs limit:25"],
  }),
  command({
    name: "statica refresh",
    description: "Re-check every member now instead of waiting for their next status change.",
    category,
    permissions: ["Manage Server"],
    examples: ["/statica refresh"],
  }),
  command({
    name: "statica disable",
    description: "Pause supporter rewards; the configuration is kept.",
    category,
    permissions: ["Manage Server"],
    examples: ["/statica disable"],
  }),
  command({
    name: "statica remove",
    description: "Delete the supporter-rewards configuration.",
    category,
    permissions: ["Manage Server"],
    examples: ["/statica remove"],
  }),
];
