import type { CommandEntry, CommandPermission } from "../types.ts";
import { command } from "./define.ts";
import { channel, flag, int, pick, role, text, user } from "./options.ts";

const category = "Events & Celebrations";
const eventManagers: { permissions: CommandPermission[]; managerRole: "event manager role" } = {
  permissions: ["Manage Server"],
  managerRole: "event manager role",
};

export const eventCommands: CommandEntry[] = [
  command({
    name: "giveaway start",
    description: "Start a giveaway with an Enter button, optional donor and entry requirements.",
    category,
    ...eventManagers,
    options: [
      text("prize", "What the winners get (needed unless a template gives it)", false),
      text(
        "duration",
        "How long it runs, e.g. 30m, 12h, 2d or 1w (needed unless a template gives it)",
        false,
      ),
      text("template", "Start from a saved template; the options you give replace its settings", false),
      int("winners", "Number of winners (default 1)", { min: 1, max: 50 }, false),
      channel("channel", "Where to post it (defaults to this channel)", false),
      user("donor", "Who donated the prize", false),
      int("min_account_age", "Minimum Discord account age in days", { min: 0, max: 3650 }, false),
      int("min_member_age", "Minimum days in this server", { min: 0, max: 3650 }, false),
      int("min_invites", "Minimum server invites", { min: 0, max: 1000 }, false),
      role("required_role", "Entrants must hold this role", false),
      text("start", "Start later: in 2h, 18:00, or 2026-12-24 18:00 (server time zone)", false),
      text("repeat", "Run again and again: daily, weekly, monthly, every 6h or every 3d", false),
      role("ping_role", "Role to ping when it is posted (default: the events ping role)", false),
      flag("no_ping", "Ping no role when it is posted"),
      channel("winners_channel", "Where to announce the winners (default: the giveaway's channel)", false),
      user("host", "Who hosts it and is pinged with the results (default: you)", false),
      flag("dm_winners", "Send each winner the prize text by DM"),
      text("timezone", "Time zone for start, e.g. Europe/Berlin (default: the server's)", false),
      text(
        "claim",
        "Winners must press Claim within this (10m to 7d, e.g. 24h), or it is drawn again",
        false,
      ),
      int("max_entries", "End as soon as this many members have entered", { min: 1, max: 1000000 }, false),
      text("reminder", "Post a last-chance reminder this long before the end, e.g. 1h", false),
    ],
    examples: [
      "/giveaway start prize:Nitro Classic duration:2d winners:1",
      "/giveaway start prize:5m coins duration:1w winners:3 channel:#giveaways min_member_age:7",
      "/giveaway start prize:Daily coins duration:1h start:18:00 repeat:daily ping_role:@Giveaways",
      "/giveaway start prize:Steam key duration:1d winners_channel:#winners host:@Ava dm_winners:true",
      "/giveaway start prize:Game code duration:2d claim:24h reminder:1h",
      "/giveaway start prize:First 100 get a badge duration:1w max_entries:100",
      "/giveaway start template:Weekly Nitro",
      "/giveaway start template:Weekly Nitro prize:Nitro Classic winners:2",
    ],
  }),
  command({
    name: "giveaway end",
    description: "End a running giveaway now and draw its winners.",
    category,
    ...eventManagers,
    options: [text("message_id", "The giveaway message's ID")],
    examples: ["/giveaway end message_id:1267001234567890123"],
  }),
  command({
    name: "giveaway reroll",
    description: "Draw new winners for an ended giveaway.",
    category,
    ...eventManagers,
    options: [
      text("message_id", "The giveaway message's ID"),
      int("winners", "How many more winners to draw (default 1)", { min: 1, max: 50 }, false),
      user("replace", "Replace this one winner; the others keep their win", false),
      flag("all", "Replace every current winner"),
    ],
    examples: [
      "/giveaway reroll message_id:1267001234567890123",
      "/giveaway reroll message_id:1267001234567890123 winners:2",
      "/giveaway reroll message_id:1267001234567890123 replace:@Ava",
      "/giveaway reroll message_id:1267001234567890123 all:true",
    ],
  }),
  command({
    name: "giveaway claims",
    description: "See who claimed their win of a giveaway, who is still waiting and who was replaced.",
    category,
    ...eventManagers,
    options: [text("message_id", "The giveaway message's ID")],
    examples: ["/giveaway claims message_id:1267001234567890123"],
  }),
  command({
    name: "giveaway pause",
    description: "Pause a running giveaway (entries closed), or resume it with its end moved by the pause.",
    category,
    ...eventManagers,
    options: [text("message_id", "The giveaway message's ID"), flag("resume", "Resume it instead")],
    examples: [
      "/giveaway pause message_id:1267001234567890123",
      "/giveaway pause message_id:1267001234567890123 resume:true",
    ],
  }),
  command({
    name: "giveaway entrants",
    description: "See who entered a giveaway: when, their entries and bonus, searchable, a page at a time.",
    category,
    ...eventManagers,
    options: [
      text("message_id", "The giveaway message's ID"),
      text("search", "Only entrants whose name or ID contains this", false),
      int("page", "Which page of 20 (default 1)", { min: 1, max: 10000 }, false),
    ],
    examples: [
      "/giveaway entrants message_id:1267001234567890123",
      "/giveaway entrants message_id:1267001234567890123 search:ava",
    ],
  }),
  command({
    name: "giveaway remove",
    description:
      "Remove an entrant from a running giveaway, with a reason they see when they next press Enter.",
    category,
    ...eventManagers,
    options: [
      text("message_id", "The giveaway message's ID"),
      user("member", "The entrant to remove"),
      text("reason", "Why (shown to them, kept in the audit log)"),
      flag("block", "Also block them from every giveaway of this server"),
    ],
    examples: ["/giveaway remove message_id:1267001234567890123 member:@Alt reason:Alt account"],
  }),
  command({
    name: "giveaway block",
    description: "Block a member from entering this server's giveaways, or lift a block.",
    category,
    ...eventManagers,
    options: [
      user("member", "The member"),
      text("reason", "Why (kept in the audit log; required to block)", false),
      flag("lift", "Lift the block instead"),
    ],
    examples: ["/giveaway block member:@Alt reason:Alt account", "/giveaway block member:@Alt lift:true"],
  }),
  command({
    name: "giveaway scheduled",
    description: "List scheduled giveaways and recurring series, or pause, resume or cancel one.",
    category,
    ...eventManagers,
    options: [
      text("id", "A schedule's ID (from this list), to act on it", false),
      pick("action", "What to do with it", ["pause", "resume", "cancel"], false),
    ],
    examples: ["/giveaway scheduled", "/giveaway scheduled id:12 action:pause"],
  }),
  command({
    name: "giveaway template save",
    description:
      "Save a giveaway's settings as a named template, to start it again with /giveaway start template:.",
    category,
    ...eventManagers,
    options: [
      text("name", "The template's name (up to 50 characters)"),
      text("message_id", "The message ID of the giveaway whose settings to save"),
    ],
    examples: ["/giveaway template save name:Weekly Nitro message_id:1267001234567890123"],
  }),
  command({
    name: "giveaway template list",
    description: "List this server's giveaway templates and what each one runs with.",
    category,
    ...eventManagers,
    examples: ["/giveaway template list"],
  }),
  command({
    name: "giveaway template delete",
    description: "Delete a giveaway template (giveaways started from it stay).",
    category,
    ...eventManagers,
    options: [text("name", "The template's name")],
    examples: ["/giveaway template delete name:Weekly Nitro"],
  }),
  command({
    name: "giveaway list",
    description: "List this server's running and recently ended giveaways.",
    category,
    examples: ["/giveaway list"],
  }),
  command({
    name: "birthday set",
    description: "Save your birthday so the server can celebrate it.",
    category,
    options: [
      int("month", "Month, 1 to 12", { min: 1, max: 12 }),
      int("day", "Day, 1 to 31", { min: 1, max: 31 }),
      int(
        "year",
        "Birth year, only used for your age (never shown unless show_age)",
        { min: 1900, max: 2100 },
        false,
      ),
      text("timezone", "Your time zone, e.g. Europe/Berlin or America/New_York (default UTC)", false),
      flag("show_age", "Show your age in the announcement (needs year; default no)"),
    ],
    examples: [
      "/birthday set month:7 day:20",
      "/birthday set month:2 day:29 timezone:Europe/Berlin",
      "/birthday set month:11 day:3 year:2001 show_age:true timezone:America/New_York",
    ],
  }),
  command({
    name: "birthday remove",
    description: "Forget your saved birthday.",
    category,
    examples: ["/birthday remove"],
  }),
  command({
    name: "birthday list",
    description: "Show the next ten birthdays in this server.",
    category,
    examples: ["/birthday list"],
  }),
  command({
    name: "birthday setup",
    description: "Choose the birthday announcement channel and an optional role for the day.",
    category,
    ...eventManagers,
    options: [
      channel("channel", "Where birthdays are announced"),
      role("role", "Given for the day, then removed", false),
      text("message", "The announcement; tags like {user.mention} and {birthday.age}", false),
    ],
    examples: [
      "/birthday setup channel:#events",
      "/birthday setup channel:#general role:@Birthday",
      "/birthday setup channel:#general message:🎂 Happy birthday {user.mention}!",
    ],
  }),
];
