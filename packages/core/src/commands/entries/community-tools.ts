import type { CommandEntry, CommandPermission } from "../types.ts";
import { command } from "./define.ts";
import { channel, pick, text, user } from "./options.ts";

// Server triggers, the battle-royale tracker, heist announcements and anti-pool protection: the
// commands behind the Settings tab's Rumble tracker, Heist image, Anti-pool and Member trigger limit.

const eventManagers: { permissions: CommandPermission[]; managerRole: "event manager role" } = {
  permissions: ["Manage Server"],
  managerRole: "event manager role",
};
const matchModes = ["word", "contains", "exact"] as const;
const replyTypes = ["text", "embed"] as const;

export const communityToolCommands: CommandEntry[] = [
  command({
    name: "trigger add",
    description: "Add a keyword trigger Hearth answers; members may add their own, up to the server's limit.",
    category: "Communication",
    options: [
      text("keyword", "The word or phrase to answer (case-insensitive, up to 100 characters)"),
      text("response", "The answer (template tags like {user.mention} work; up to 2000 characters)"),
      pick(
        "match",
        "word (default): as a whole word · contains: anywhere · exact: the whole message",
        matchModes,
        false,
      ),
      pick("reply", "text (default) or embed", replyTypes, false),
      text("title", "The embed's title (embed replies)", false),
    ],
    examples: [
      "/trigger add keyword:heist response:Heists start in #heists, bring 2m and a padlock!",
      "/trigger add keyword:rules response:Read <#123456789012345678>, {user.name}. match:contains reply:embed title:Rules",
    ],
  }),
  command({
    name: "trigger edit",
    description:
      "Change a trigger's answer, match mode, reply type or keyword (yours, or any trigger for staff).",
    category: "Communication",
    options: [
      text("keyword", "The trigger's keyword"),
      text("response", "The new answer", false),
      pick("match", "The new match mode", matchModes, false),
      pick("reply", "text or embed", replyTypes, false),
      text("title", "The embed's title (embed replies)", false),
      text("new_keyword", "Rename the trigger's keyword", false),
    ],
    examples: [
      "/trigger edit keyword:heist response:Heist at 8pm UTC!",
      "/trigger edit keyword:gg match:exact",
    ],
  }),
  command({
    name: "trigger remove",
    description: "Delete a trigger (yours, or any trigger for staff).",
    category: "Communication",
    options: [text("keyword", "The trigger's keyword")],
    examples: ["/trigger remove keyword:heist"],
  }),
  command({
    name: "trigger list",
    description: "List the server's triggers, who made them, and how many of yours you have left.",
    category: "Communication",
    examples: ["/trigger list"],
  }),
  command({
    name: "rumble leaderboard",
    description: "Top 15 battle-royale winners of the server, plus your own rank when you're further down.",
    category: "Fun & Games",
    options: [pick("period", "Which board (default all-time)", ["all-time", "monthly"], false)],
    examples: ["/rumble leaderboard", "/rumble leaderboard period:monthly"],
  }),
  command({
    name: "rumble stats",
    description: "A member's battle-royale wins: all-time, this month, rank and last win.",
    category: "Fun & Games",
    options: [user("user", "The member (defaults to you)", false)],
    examples: ["/rumble stats", "/rumble stats user:@Morgan"],
  }),
  command({
    name: "heist announce",
    description: "Announce a heist (start time, amount, requirements), pinging the events role.",
    category: "Economy & Games",
    ...eventManagers,
    options: [
      text("time", "When it starts: in 30m, 2h… or a date like 2025-07-04 20:00 (UTC)"),
      text("amount", "The bank amount, e.g. 25m or 1.5b"),
      text("requirements", "What members need, e.g. 'Lifesaver, 5k in wallet, no passive'", false),
      channel("channel", "Where to announce it (defaults to this channel)", false),
    ],
    examples: [
      "/heist announce time:30m amount:50m",
      "/heist announce time:2h amount:1.2b requirements:Lifesaver and 5k in wallet channel:#heists",
    ],
  }),
  command({
    name: "antipool status",
    description: "Show the anti-pool rule, its window and the blocked wins waiting for the pool manager.",
    category: "Events & Celebrations",
    ...eventManagers,
    examples: ["/antipool status"],
  }),
];
