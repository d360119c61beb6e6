import type { CommandEntry, CommandPermission } from "../types.ts";
import { command } from "./define.ts";
import { pick, text, user } from "./options.ts";

const category = "Grinder Management";
const managers: { permissions: CommandPermission[]; managerRole: "grinder management role" } = {
  permissions: ["Manage Server"],
  managerRole: "grinder management role",
};

export const grinderCommands: CommandEntry[] = [
  command({
    name: "grinder profile",
    description: "Show a grinder's tier, payments, break status and history.",
    category,
    options: [user("user", "Another grinder (admins only; defaults to you)", false)],
    examples: ["/grinder profile", "/grinder profile user:@Alex"],
  }),
  command({
    name: "grinder resign",
    description: "Leave the grinder team: your tier roles are removed and your record archived.",
    category,
    examples: ["/grinder resign"],
  }),
  command({
    name: "grinder list",
    description: "List grinders, optionally of one tier, sorted by payment, hire date or tier.",
    category,
    ...managers,
    options: [
      text("tier", "Only this tier", false),
      pick("sort", "Order of the list", ["payment", "hired", "tier"], false),
    ],
    examples: ["/grinder list", "/grinder list tier:Gold sort:payment"],
  }),
  command({
    name: "grinder add",
    description: "Recruit a member as a grinder on a tier, with an optional first payment.",
    category,
    ...managers,
    options: [
      user("user", "The member to add"),
      text("tier", "The tier, e.g. Bronze"),
      text("payment", "First payment, e.g. 250k or 1.5m", false),
    ],
    examples: ["/grinder add user:@Alex tier:Bronze", "/grinder add user:@Sam tier:Gold payment:1.5m"],
  }),
  command({
    name: "grinder remove",
    description: "Remove a grinder: roles removed, record archived, removal logged.",
    category,
    ...managers,
    options: [user("user", "The grinder to remove")],
    examples: ["/grinder remove user:@Alex"],
  }),
  command({
    name: "grinder break",
    description: "Put a grinder on a break; tier roles return automatically when it ends.",
    category,
    ...managers,
    options: [user("user", "The grinder"), text("duration", "1d, 1w or 1m (one month)")],
    examples: ["/grinder break user:@Alex duration:1w", "/grinder break user:@Sam duration:3d"],
  }),
  command({
    name: "grinder payments",
    description: "Record a payment: add to a grinder's total or set it; tiers follow thresholds.",
    category,
    ...managers,
    options: [
      pick("action", "add to the total, or set it", ["add", "set"]),
      user("user", "The grinder"),
      text("amount", "Amount with k, m or b, e.g. 500k or 1.5m"),
    ],
    examples: [
      "/grinder payments action:add user:@Alex amount:500k",
      "/grinder payments action:set user:@Sam amount:1.5m",
    ],
  }),
  command({
    name: "grinder summary",
    description: "Totals per tier: grinders, paid and unpaid, payments and breaks.",
    category,
    ...managers,
    options: [
      text("tier", "A tier name, or all (default)", false),
      pick("sort", "Order of the rows", ["payment", "hired", "tier"], false),
    ],
    examples: ["/grinder summary", "/grinder summary tier:Silver sort:payment"],
  }),
  command({
    name: "grinder dm",
    description: "Send a direct message to all, paid, unpaid or one tier's grinders.",
    category,
    ...managers,
    options: [
      pick("target", "Who receives it", ["all", "paid", "unpaid", "tier"]),
      text("message", "The message to send"),
      text("tier", "The tier, when target is tier", false),
    ],
    examples: [
      "/grinder dm target:unpaid message:Weekly payments are due Sunday.",
      "/grinder dm target:tier message:Gold meeting at 8pm UTC tier:Gold",
    ],
  }),
  command({
    name: "grinder ticket",
    description: "Open a private ticket channel with the grinder managers.",
    category,
    examples: ["/grinder ticket"],
  }),
];
