import type { CommandEntry } from "../types.ts";
import { command } from "./define.ts";
import { attachment, channel, int, text, user } from "./options.ts";

const category = "Communication";

export const communicationCommands: CommandEntry[] = [
  command({
    name: "welcome setup",
    description: "Describe the welcome you want in plain words; Hearth writes it and saves it.",
    category,
    permissions: ["Manage Server"],
    options: [
      text("instructions", "What the welcome should say and look like"),
      channel("channel", "Where welcomes are posted (defaults to the current welcome channel)", false),
    ],
    examples: [
      "/welcome setup instructions:Warm welcome, mention the user, point to #rules, orange embed channel:#welcome",
    ],
  }),
  command({
    name: "welcome test",
    description: "Post the welcome message as if a member had just joined.",
    category,
    permissions: ["Manage Server"],
    options: [user("user", "Render it for this member (defaults to you)", false)],
    examples: ["/welcome test", "/welcome test user:@Morgan"],
  }),
  command({
    name: "welcome toggle",
    description: "Switch welcome messages on or off; the configuration is kept.",
    category,
    permissions: ["Manage Server"],
    examples: ["/welcome toggle"],
  }),
  command({
    name: "welcome ping_add",
    description: "Ping new members in a channel, with an optional message; the ping is then removed.",
    category,
    permissions: ["Manage Server"],
    options: [
      channel("channel", "The channel to ping in"),
      text("message", "Text sent with the ping", false),
    ],
    examples: [
      "/welcome ping_add channel:#rules",
      "/welcome ping_add channel:#roles message:Pick your roles here!",
    ],
  }),
  command({
    name: "welcome ping_remove",
    description: "Stop pinging new members in a channel.",
    category,
    permissions: ["Manage Server"],
    options: [channel("channel", "The channel to stop pinging in")],
    examples: ["/welcome ping_remove channel:#rules"],
  }),
  command({
    name: "welcome guide",
    description: "Show the template tags and examples for welcome messages.",
    category,
    examples: ["/welcome guide"],
  }),
  command({
    name: "sticky set",
    description: "Keep a message at the bottom of a channel, reposted after enough new messages.",
    category,
    permissions: ["Manage Messages"],
    options: [
      text("message", "The message to keep at the bottom (up to 2000 characters)"),
      int("trigger_count", "Messages before it is reposted (default 10)", { min: 1, max: 100 }, false),
      channel("channel", "The channel (defaults to this one; one sticky message per channel)", false),
    ],
    examples: [
      "/sticky set message:Read the pinned rules before trading. channel:#trading",
      "/sticky set message:Be kind! trigger_count:15",
    ],
  }),
  command({
    name: "sticky remove",
    description: "Remove a channel's sticky message.",
    category,
    permissions: ["Manage Messages"],
    options: [channel("channel", "The channel (defaults to this one)", false)],
    examples: ["/sticky remove", "/sticky remove channel:#trading"],
  }),
  command({
    name: "sticky list",
    description: "List the server's sticky messages with their channels and trigger counts.",
    category,
    examples: ["/sticky list"],
  }),
  command({
    name: "embed create",
    description:
      "Open the embed builder (live preview, link buttons), from scratch, a template or a JSON file.",
    category,
    permissions: ["Manage Messages"],
    options: [
      text("template", "Start from a saved or built-in template (announcement, rules, welcome…)", false),
      attachment("file", "Start from an embed JSON file (1 MB at most)", false),
    ],
    examples: ["/embed create", "/embed create template:announcement", "/embed create file:embed.json"],
  }),
  command({
    name: "embed edit",
    description: "Open an embed Hearth posted in the builder; update it and its link buttons in place.",
    category,
    permissions: ["Manage Messages"],
    options: [
      text("message_id", "The message's ID"),
      channel("channel", "Its channel (defaults to this one)", false),
    ],
    examples: ["/embed edit message_id:1267001234567890123"],
  }),
  command({
    name: "embed templates",
    description: "List the server's saved and built-in embed templates; Manage Messages can delete them.",
    category,
    examples: ["/embed templates"],
  }),
  command({
    name: "timer create",
    description: "Post a message in a channel once the duration has passed.",
    category,
    permissions: ["Manage Server"],
    options: [
      text("duration", "How long to wait, e.g. 15m, 2h or 1d"),
      text("message", "The message to post"),
      channel("channel", "Where the message is posted (defaults to this channel)", false),
    ],
    examples: [
      "/timer create channel:#events duration:1h message:The tournament starts now!",
      "/timer create channel:#general duration:24h message:Giveaway entries close soon.",
    ],
  }),
  command({
    name: "timer list",
    description: "List pending timers with their channels and time left.",
    category,
    examples: ["/timer list"],
  }),
  command({
    name: "timer cancel",
    description: "Cancel a pending timer.",
    category,
    permissions: ["Manage Server"],
    options: [text("timer", "The timer's ID from /timer list")],
    examples: ["/timer cancel timer:12"],
  }),
];
