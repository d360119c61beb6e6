import type { CommandEntry, CommandPermission } from "../types.ts";
import { command } from "./define.ts";
import { channel, flag, int, pick, role, text, user } from "./options.ts";

const category = "Economy & Games";
const eventManagers: { permissions: CommandPermission[]; managerRole: "event manager role" } = {
  permissions: ["Manage Server"],
  managerRole: "event manager role",
};
const adminOrManager: CommandPermission[] = ["Administrator", "Manage Server"];

export const economyCommands: CommandEntry[] = [
  command({
    name: "lottery start",
    description: "Start a lottery: members take tickets and one ticket is drawn when it ends.",
    category,
    ...eventManagers,
    options: [
      text("prize", "What the winner gets"),
      text("duration", "How long it runs, e.g. 12h or 3d"),
      int("max_tickets", "Tickets per member (default 1)", { min: 1, max: 100 }, false),
      channel("channel", "Where to announce it (defaults to this channel)", false),
    ],
    examples: [
      "/lottery start prize:10m coins duration:3d",
      "/lottery start prize:VIP role duration:1w max_tickets:5",
    ],
  }),
  command({
    name: "lottery ticket",
    description: "Take tickets in the running lottery, up to its per-member limit.",
    category,
    options: [int("count", "How many tickets (default 1)", { min: 1, max: 100 }, false)],
    examples: ["/lottery ticket", "/lottery ticket count:3"],
  }),
  command({
    name: "lottery status",
    description: "Show the running lottery: prize, tickets taken, your tickets and time left.",
    category,
    examples: ["/lottery status"],
  }),
  command({
    name: "lottery draw",
    description: "End the running lottery now and draw the winning ticket.",
    category,
    ...eventManagers,
    examples: ["/lottery draw"],
  }),
  command({
    name: "raffle start",
    description: "Open a raffle whose tickets staff hand out, e.g. for donations or event wins.",
    category,
    ...eventManagers,
    options: [
      text("prize", "What the winners get"),
      int("winners", "Number of winners (default 1)", { min: 1, max: 20 }, false),
    ],
    examples: ["/raffle start prize:Gold tier for a month", "/raffle start prize:2m coins winners:2"],
  }),
  command({
    name: "raffle add",
    description: "Give a member raffle tickets; each ticket is one chance in the draw.",
    category,
    ...eventManagers,
    options: [user("user", "The member"), int("tickets", "How many tickets", { min: 1, max: 1000 })],
    examples: ["/raffle add user:@Alex tickets:5"],
  }),
  command({
    name: "raffle tickets",
    description: "Show how many raffle tickets a member holds.",
    category,
    options: [user("user", "The member (defaults to you)", false)],
    examples: ["/raffle tickets", "/raffle tickets user:@Alex"],
  }),
  command({
    name: "raffle draw",
    description: "Close the raffle and draw winners, weighted by tickets.",
    category,
    ...eventManagers,
    examples: ["/raffle draw"],
  }),
  command({
    name: "votetracker user",
    description: "Show a member's votes: total, this month, streaks, last vote and rank.",
    category,
    options: [user("user", "The member (defaults to you)", false)],
    examples: ["/votetracker user", "/votetracker user user:@Morgan"],
  }),
  command({
    name: "votetracker leaderboard",
    description: "Top 15 voters, plus your own position when you are further down.",
    category,
    options: [pick("type", "Which board (default monthly)", ["monthly", "all-time"], false)],
    examples: ["/votetracker leaderboard", "/votetracker leaderboard type:all-time"],
  }),
  command({
    name: "votetracker admin setup",
    description: "Set up vote tracking (Quick Setup, or Custom Setup with AI); shows the webhook URL.",
    category,
    permissions: adminOrManager,
    options: [
      pick(
        "mode",
        "quick saves at once; custom designs the notification with AI (default: choose with buttons)",
        ["quick", "custom"],
        false,
      ),
      channel("channel", "Where vote notifications are posted", false),
      role("reward_role", "Role given to voters", false),
      int(
        "reward_hours",
        "How long the reward lasts: 1-168 hours, 0 = permanent",
        { min: 0, max: 168 },
        false,
      ),
      flag("leaderboards", "Show the leaderboards (default on)"),
    ],
    examples: [
      "/votetracker admin setup",
      "/votetracker admin setup mode:quick channel:#votes reward_role:@Voter reward_hours:24 leaderboards:true",
      "/votetracker admin setup mode:custom channel:#votes",
    ],
  }),
  command({
    name: "votetracker admin deleteuser",
    description: "Delete a member's vote history and stats after confirmation (irreversible).",
    category,
    permissions: adminOrManager,
    options: [user("user", "The member")],
    examples: ["/votetracker admin deleteuser user:@Morgan"],
  }),
];
