import type { CommandEntry } from "../types.ts";
import { command } from "./define.ts";
import { pick, text, user } from "./options.ts";

const category = "Utility Tools";
const developer = { developerOnly: true } as const;

export const utilityCommands: CommandEntry[] = [
  command({
    name: "perks",
    description: "Manage your perks: auto-reactions, highlights, private channel and role, responders.",
    category,
    options: [user("member", "Someone to add to or remove from your private channel or role", false)],
    examples: ["/perks", "/perks member:@Morgan"],
  }),
  command({
    name: "afk",
    description: "Set an AFK note shown to members who mention you; cleared by your next message.",
    category,
    options: [text("message", "Your AFK note", false)],
    examples: ["/afk", "/afk message:At work until 6pm"],
  }),
  command({
    name: "dev ban",
    description: "Block a user or a server from using Hearth.",
    category,
    ...developer,
    options: [text("id", "A user or server ID"), text("reason", "Why", false)],
    examples: ["/dev ban id:123456789012345678 reason:Abuse"],
  }),
  command({
    name: "dev cache",
    description: "Show the bot's cache sizes, or clear them.",
    category,
    ...developer,
    options: [pick("action", "show (default) or clear", ["show", "clear"], false)],
    examples: ["/dev cache", "/dev cache action:clear"],
  }),
  command({
    name: "dev eval",
    description: "Run code in the bot process with its full rights (secrets, database): not a sandbox.",
    category,
    ...developer,
    options: [text("code", "The expression")],
    examples: ["/dev eval code:client.guilds.cache.size"],
  }),
  command({
    name: "dev liftlock",
    description: "End a global lockdown so every command answers again.",
    category,
    ...developer,
    examples: ["/dev liftlock"],
  }),
  command({
    name: "dev lockdown",
    description: "Pause every command except the developer commands, with a notice.",
    category,
    ...developer,
    options: [text("reason", "Shown to members who run a command", false)],
    examples: ["/dev lockdown reason:Emergency maintenance"],
  }),
  command({
    name: "dev notifyusers",
    description: "Send an announcement by DM to the owners of every server using Hearth.",
    category,
    ...developer,
    options: [text("message", "The announcement")],
    examples: ["/dev notifyusers message:Scheduled maintenance on Sunday at 02:00 UTC."],
  }),
  command({
    name: "dev reset",
    description: "Reset a server's Hearth data at its owner's request.",
    category,
    ...developer,
    options: [text("server_id", "The server's ID"), text("feature", "Only this feature", false)],
    examples: [
      "/dev reset server_id:123456789012345678",
      "/dev reset server_id:123456789012345678 feature:boards",
    ],
  }),
  command({
    name: "dev unban",
    description: "Let a blocked user or server use Hearth again.",
    category,
    ...developer,
    options: [text("id", "A user or server ID")],
    examples: ["/dev unban id:123456789012345678"],
  }),
];
