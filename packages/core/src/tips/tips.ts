/**
 * The short tips Hearth adds under an occasional command reply while a server's Tips switch is on.
 * Each names one real command (`command`, a catalogue path); its text shows it as `/path`. Tests
 * check every command exists in the catalogue and has a handler in the bot.
 */
export interface Tip {
  command: string;
  text: string;
}

export const tips: readonly Tip[] = [
  { command: "calc", text: "Work out amounts like `(250k+1.2m)/4` or `15% of 2b` with `/calc`." },
  {
    command: "bankcalc",
    text: "Split a heist payout fairly, fee and organiser's cut included, with `/bankcalc`.",
  },
  {
    command: "market check",
    text: "Not sure a trade is fair? `/market check` values both sides from the price list.",
  },
  { command: "market price", text: "Look up an item on the server's price list with `/market price`." },
  { command: "giveaway start", text: "Run a giveaway with bonus entries for roles using `/giveaway start`." },
  { command: "timer create", text: "Count down to a heist or event in a channel with `/timer create`." },
  { command: "sticky set", text: "Keep rules at the bottom of a busy channel with `/sticky set`." },
  {
    command: "grinder profile",
    text: "Grinders: see your tier, payments and next due date with `/grinder profile`.",
  },
  { command: "grinder payments", text: "Managers log grinder payments with `/grinder payments`." },
  {
    command: "rumble leaderboard",
    text: "See the server's top battle-royale winners with `/rumble leaderboard`.",
  },
  { command: "trigger add", text: "Teach Hearth to answer a keyword with `/trigger add`." },
  { command: "afk", text: "Going away? `/afk` tells people who mention you." },
  {
    command: "votetracker leaderboard",
    text: "See who voted for the server most with `/votetracker leaderboard`.",
  },
  { command: "embed create", text: "Design a rich announcement with a live preview using `/embed create`." },
  {
    command: "selfroles create",
    text: "Let members pick their own roles from a panel with `/selfroles create`.",
  },
  {
    command: "dashboard create",
    text: "Manage everything from the web dashboard: get a token with `/dashboard create`.",
  },
  {
    command: "settings",
    text: "Switch helpers like the calculator or these tips on and off with `/settings`.",
  },
  { command: "boards top", text: "See the most-starred messages of the server with `/boards top`." },
];

/** Tip frequency: at most one command reply in this many carries a tip (`tipsEvery`). */
export const tipsEveryLimits = { min: 2, max: 100, default: 10 } as const;
