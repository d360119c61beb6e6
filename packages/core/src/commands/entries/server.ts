import type { CommandEntry, CommandPermission } from "../types.ts";
import { command } from "./define.ts";
import { channel, flag, int, pick, role, text, user } from "./options.ts";
import { componentCommands } from "./server-components.ts";
import { perkAdminCommands } from "./server-perks.ts";
import { selfRoleCommands } from "./server-selfroles.ts";
import { staticaCommands } from "./server-statica.ts";

const category = "Server Configuration";
const admin: CommandPermission[] = ["Administrator"];
const adminOrManager: CommandPermission[] = ["Administrator", "Manage Server"];

/** Features `/settings` can show and switch: the toggles of the server's settings record. */
export const settingsFeatures = [
  "events_cheat",
  "calculator",
  "bank_calculator",
  "tips",
  "market_checker",
  "heist_image",
  "rumble_tracker",
  "anti_pool",
] as const;

/** Payment periods `/setup` can choose. */
const paymentPeriods = ["daily", "weekly", "biweekly", "monthly"] as const;

export const serverCommands: CommandEntry[] = [
  command({
    name: "setup",
    description: "Guided setup: manager role, grinder roles, log channels and event settings.",
    category,
    permissions: admin,
    options: [
      role("manager_role", "Role that manages grinders (stands in for Manage Server)", false),
      role("grinder_role", "Base role every grinder gets", false),
      channel("payments_channel", "Where payments are posted", false),
      channel("log_channel", "Where grinder changes are logged", false),
      channel("ticket_category", "Category for grinder tickets", false),
      role("event_manager_role", "Role that manages events", false),
      role("events_ping_role", "Role pinged for events", false),
      pick("payment_period", "How often grinders pay", paymentPeriods, false),
      flag("tier_switch", "Move grinders up a tier when they pay a higher tier's amount"),
      text("tier_name", "Add a tier with this name (with tier_payment and tier_role)", false),
      text("tier_payment", "The new tier's payment per period, e.g. 250k or 1.5m", false),
      role("tier_role", "The new tier's role", false),
    ],
    examples: [
      "/setup",
      "/setup manager_role:@Grinder Manager grinder_role:@Grinder log_channel:#grinder-logs",
      "/setup tier_name:Bronze tier_payment:250k tier_role:@Bronze",
    ],
  }),
  command({
    name: "settings",
    description: "Show the state of every feature, or switch one feature on or off.",
    category,
    permissions: adminOrManager,
    options: [
      pick("feature", "The feature to show or switch", settingsFeatures, false),
      flag("toggle", "On (true) or off (false)"),
      text(
        "image_link",
        "With heist_image: the heist image's link (PNG, JPG, GIF or WebP); none clears it",
        false,
      ),
      text("game_bots", "With events_cheat: the game bot ids or mentions whose events are answered", false),
      int(
        "window_hours",
        "With anti_pool: one event win per member per this many hours",
        { min: 1, max: 720 },
        false,
      ),
      int(
        "tips_every",
        "With tips: at most one command reply in this many carries a tip",
        { min: 2, max: 100 },
        false,
      ),
    ],
    examples: [
      "/settings",
      "/settings feature:tips",
      "/settings feature:calculator toggle:false",
      "/settings feature:heist_image image_link:https://i.imgur.com/heist.png",
      "/settings feature:anti_pool window_hours:48",
      "/settings feature:tips tips_every:20",
    ],
  }),
  command({
    name: "permissions check",
    description: "List the permissions Hearth is missing, feature by feature.",
    category,
    options: [channel("channel", "Where posting is checked (defaults to this channel)", false)],
    examples: ["/permissions check", "/permissions check channel:#welcome"],
  }),
  command({
    name: "dashboard create",
    description:
      "Create your dashboard token (owner, admin or manager, as your role is); Hearth sends it by DM.",
    category,
    permissions: admin,
    managerRole: "grinder management role",
    examples: ["/dashboard create"],
  }),
  command({
    name: "dashboard revoke",
    description: "Revoke another member's dashboard token for this server.",
    category,
    permissions: admin,
    options: [user("user", "The member whose token to revoke (not yourself)")],
    examples: ["/dashboard revoke user:@Morgan"],
  }),
  command({
    name: "dashboard token",
    description: "Show when your token was created and its permission level (never the token).",
    category,
    permissions: admin,
    examples: ["/dashboard token"],
  }),
  command({
    name: "purge",
    description: "Server owner only: delete all of Hearth's data for this server, after typing its name.",
    category,
    permissions: admin,
    examples: ["/purge"],
  }),
  ...selfRoleCommands,
  ...staticaCommands,
  ...perkAdminCommands,
  ...componentCommands,
];
