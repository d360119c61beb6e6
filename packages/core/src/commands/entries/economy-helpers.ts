import type { CommandEntry, CommandPermission } from "../types.ts";
import { command } from "./define.ts";
import { attachment, channel, flag, int, text } from "./options.ts";

// The calculator, the bank calculator and the market checker: the commands behind the Settings
// tab's Calculator, Bank calculator and Market checker switches.

const category = "Economy & Games";
const managers: { permissions: CommandPermission[]; managerRole: "grinder management role" } = {
  permissions: ["Manage Server"],
  managerRole: "grinder management role",
};

export const economyHelperCommands: CommandEntry[] = [
  command({
    name: "calc",
    description: "Work out an amount: k/m/b/t suffixes, + - * / ^, parentheses, percentages and 'of'.",
    category: "Utility Tools",
    options: [text("expression", "e.g. 1.5m*3, (250k+1.2m)/4 or 15% of 2b (up to 200 characters)")],
    examples: ["/calc expression:1.5m*3", "/calc expression:(250k+1.2m)/4", "/calc expression:15% of 2b"],
  }),
  command({
    name: "bankcalc",
    description: "Split a heist or bank payout: fee, organiser's cut, each member's share and the remainder.",
    category,
    options: [
      text("total", "The amount to split, e.g. 250m or 1.2b"),
      int("members", "How many members share it (or list them in 'crew')", { min: 1, max: 100 }, false),
      text("crew", "The members who share it, as mentions: @Ana @Ben …", false),
      text("fee", "A fee or tax taken first, in percent, e.g. 10 or 2.5", false),
      text("organiser_cut", "The organiser's cut of what is left: a percent (15%) or an amount (5m)", false),
      flag("post", "Post the split in the channel as a table (default: only you see it)"),
    ],
    examples: [
      "/bankcalc total:250m members:5",
      "/bankcalc total:1.2b crew:@Ana @Ben @Cy fee:10 organiser_cut:15%",
      "/bankcalc total:80m members:4 organiser_cut:5m post:true",
    ],
  }),
  command({
    name: "market price",
    description: "Look up an item's price on the server's market list; close spellings are found too.",
    category,
    options: [text("item", "The item, e.g. gold bar")],
    examples: ["/market price item:gold bar", "/market price item:trophy"],
  }),
  command({
    name: "market check",
    description: "Is this trade fair? Values both sides from the price list and gives the difference.",
    category,
    options: [
      text("give", "What you give: items and amounts, e.g. 2 gold bar, 500k"),
      text("get", "What you get, e.g. 1 trophy"),
    ],
    examples: ["/market check give:2 gold bar, 500k get:1 trophy", "/market check give:3 apple get:1.2m"],
  }),
  command({
    name: "market list",
    description: "The server's price list, a page at a time.",
    category,
    options: [int("page", "Page number (default 1)", { min: 1, max: 100 }, false)],
    examples: ["/market list", "/market list page:2"],
  }),
  command({
    name: "market set",
    description: "Add an item to the price list or change its price.",
    category,
    ...managers,
    options: [text("item", "The item's name (up to 60 characters)"), text("price", "Its price, e.g. 1.5m")],
    examples: ["/market set item:gold bar price:1.5m", "/market set item:trophy price:12m"],
  }),
  command({
    name: "market remove",
    description: "Remove an item from the price list.",
    category,
    ...managers,
    options: [text("item", "The item's name")],
    examples: ["/market remove item:gold bar"],
  }),
  command({
    name: "market import",
    description: "Add or update prices from a CSV file (item,price per line); other items stay.",
    category,
    ...managers,
    options: [attachment("file", "A .csv file of item,price lines (up to 1,000 items, 256 KB)")],
    examples: ["/market import file:prices.csv"],
  }),
  command({
    name: "market export",
    description: "Download the price list as a CSV file (item,price) you can edit and import again.",
    category,
    ...managers,
    examples: ["/market export"],
  }),
  command({
    name: "market channel",
    description:
      "Choose where Hearth answers price questions: add or remove a channel (none chosen: every channel).",
    category,
    ...managers,
    options: [
      channel("channel", "The channel"),
      flag("enabled", "true to answer there (default), false to stop answering there"),
    ],
    examples: ["/market channel channel:#trading", "/market channel channel:#general enabled:false"],
  }),
];
