import type { CommandEntry, CommandPermission } from "../types.ts";
import { command } from "./define.ts";
import { channel, flag, int, pick, text, user } from "./options.ts";

const category = "Fun & Games";
const manageServer: CommandPermission[] = ["Manage Server"];
const boardTypes = ["starboard", "skullboard", "custom"];

export const funCommands: CommandEntry[] = [
  command({
    name: "boards list",
    description: "List the server's boards with their emoji, channel and threshold.",
    category,
    examples: ["/boards list"],
  }),
  command({
    name: "boards stats",
    description: "Messages posted, reactions counted and top authors of a board.",
    category,
    options: [text("board", "The board (defaults to all)", false)],
    examples: ["/boards stats", "/boards stats board:starboard"],
  }),
  command({
    name: "boards check",
    description: "Show a message's reaction count per board and whether it qualifies.",
    category,
    options: [
      text("message_id", "The message's ID or link"),
      channel("channel", "The message's channel (when no board has seen it yet)", false),
    ],
    examples: [
      "/boards check message_id:1267001234567890123",
      "/boards check message_id:1267001234567890123 channel:#general",
    ],
  }),
  command({
    name: "boards top",
    description: "The most-reacted messages of a board (default 10).",
    category,
    options: [
      text("board", "The board", false),
      int("limit", "How many messages (default 10)", { min: 1, max: 25 }, false),
    ],
    examples: ["/boards top", "/boards top board:skullboard limit:5"],
  }),
  command({
    name: "boards recent",
    description: "Messages that reached a board recently (default the last 24 hours).",
    category,
    options: [
      text("board", "The board", false),
      int("hours", "How far back (default 24)", { min: 1, max: 168 }, false),
    ],
    examples: ["/boards recent", "/boards recent board:starboard hours:72"],
  }),
  command({
    name: "boards create",
    description: "Create a starboard, skullboard or custom emoji board.",
    category,
    permissions: manageServer,
    options: [
      text("name", "Board name, up to 50 characters"),
      text("emoji", "The reaction that counts"),
      channel("channel", "Where qualifying messages are posted"),
      int("min_reactions", "Reactions needed, 1 to 100 (default 3)", { min: 1, max: 100 }, false),
      pick("type", "Board type", boardTypes, false),
      flag("self_react", "Count the author's own reaction (default off)"),
      flag("bot_messages", "Allow messages from bots and webhooks (default off)"),
      flag("remove_below", "Remove a post that falls below the threshold (default on)"),
    ],
    examples: [
      "/boards create name:starboard emoji:⭐ channel:#starboard",
      "/boards create name:skullboard emoji:💀 channel:#skullboard min_reactions:5 type:skullboard",
    ],
  }),
  command({
    name: "boards edit",
    description: "Change a board's emoji, channel, threshold, rules or status.",
    category,
    permissions: manageServer,
    options: [
      text("board", "The board to edit"),
      text("name", "A new name, up to 50 characters", false),
      text("emoji", "A new reaction", false),
      channel("channel", "A new board channel", false),
      int("min_reactions", "Reactions needed, 1 to 100", { min: 1, max: 100 }, false),
      pick("type", "Board type", boardTypes, false),
      flag("self_react", "Count the author's own reaction"),
      flag("bot_messages", "Allow messages from bots and webhooks"),
      flag("remove_below", "Remove a post that falls below the threshold"),
      flag("enabled", "Enable or disable the board"),
    ],
    examples: ["/boards edit board:starboard min_reactions:7", "/boards edit board:skullboard enabled:false"],
  }),
  command({
    name: "boards delete",
    description: "Delete a board and its stored messages after confirmation (irreversible).",
    category,
    permissions: manageServer,
    options: [text("board", "The board to delete")],
    examples: ["/boards delete board:skullboard"],
  }),
  command({
    name: "boards cleanup",
    description:
      "Remove orphaned board posts, forget posts deleted by hand, disable boards whose channel is gone.",
    category,
    permissions: manageServer,
    options: [text("board", "The board (defaults to all)", false)],
    examples: ["/boards cleanup", "/boards cleanup board:starboard"],
  }),
  command({
    name: "tournament create",
    description: "Create a single-elimination tournament with sign-ups by button.",
    category,
    permissions: manageServer,
    managerRole: "event manager role",
    options: [
      text("name", "The tournament's name"),
      pick("size", "Bracket size", ["4", "8", "16", "32", "64"]),
      channel("channel", "Where sign-ups and results are posted", false),
    ],
    examples: [
      "/tournament create name:Summer Cup size:16",
      "/tournament create name:1v1 Night size:8 channel:#events",
    ],
  }),
  command({
    name: "tournament join",
    description: "Sign up for the open tournament.",
    category,
    examples: ["/tournament join"],
  }),
  command({
    name: "tournament leave",
    description: "Withdraw from the tournament before it starts.",
    category,
    examples: ["/tournament leave"],
  }),
  command({
    name: "tournament start",
    description: "Close sign-ups, seed the bracket at random and post the first round.",
    category,
    permissions: manageServer,
    managerRole: "event manager role",
    examples: ["/tournament start"],
  }),
  command({
    name: "tournament bracket",
    description: "Show the current bracket and the matches still to play.",
    category,
    examples: ["/tournament bracket"],
  }),
  command({
    name: "tournament report",
    description: "Record a match result; the winner moves on to the next round.",
    category,
    permissions: manageServer,
    managerRole: "event manager role",
    options: [
      int("match", "The match number from the bracket", { min: 1, max: 63 }),
      user("winner", "Who won"),
    ],
    examples: ["/tournament report match:3 winner:@Alex"],
  }),
];
