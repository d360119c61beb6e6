import type { CommandEntry, CommandPermission } from "../types.ts";
import { command } from "./define.ts";
import { channel, flag, int, role, text, user } from "./options.ts";

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
      text("prize", "What the winners get"),
      text("duration", "How long it runs, e.g. 30m, 12h, 2d or 1w"),
      int("winners", "Number of winners (default 1)", { min: 1, max: 50 }, false),
      channel("channel", "Where to post it (defaults to this channel)", false),
      user("donor", "Who donated the prize", false),
      int("min_account_age", "Minimum Discord account age in days", { min: 0, max: 3650 }, false),
      int("min_member_age", "Minimum days in this server", { min: 0, max: 3650 }, false),
      int("min_invites", "Minimum server invites", { min: 0, max: 1000 }, false),
      role("required_role", "Entrants must hold this role", false),
    ],
    examples: [
      "/giveaway start prize:Nitro Classic duration:2d winners:1",
      "/giveaway start prize:5m coins duration:1w winners:3 channel:#giveaways min_member_age:7",
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
      int("winners", "How many to draw again (default all)", { min: 1, max: 50 }, false),
    ],
    examples: [
      "/giveaway reroll message_id:1267001234567890123",
      "/giveaway reroll message_id:1267001234567890123 winners:1",
    ],
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
