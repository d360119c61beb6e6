import { commandsUnder, findCommand } from "@hearth/core/commands";
import {
  antiPoolLimits,
  birthdayLimits,
  boardRules,
  dataRetention,
  discoveryLimits,
  embedLimits,
  gameBotIdsMax,
  giveawayLimits,
  giveawayTemplateLimits,
  linkButtonLimits,
  lotteryLimits,
  marketImportMaxBytes,
  maxExpressionLength,
  perkTierRules,
  pingOnJoinLimits,
  raffleLimits,
  selfRolePanelRules,
  serverCaps,
  stickyLimits,
  timerLimits,
  tipsEveryLimits,
  tournamentLimits,
  triggerLimits,
  voteLimits,
  welcomeLimits,
} from "@hearth/core/limits";
import { C } from "./blocks";

/**
 * The facts a guide may state, straight from `@hearth/core` (the same values the API and the bot
 * enforce): `sticky.defaultTrigger`, `boards.maxReactions`, `caps.stickies` (a server cap's max)…
 */
const facts = {
  sticky: stickyLimits,
  boards: boardRules,
  perks: perkTierRules,
  selfroles: selfRolePanelRules,
  votes: voteLimits,
  welcome: welcomeLimits,
  pingOnJoin: pingOnJoinLimits,
  /** Discord's embed limits, which Hearth enforces. */
  embed: embedLimits,
  linkButtons: linkButtonLimits,
  giveaways: giveawayLimits,
  giveawayTemplates: giveawayTemplateLimits,
  lottery: lotteryLimits,
  raffle: raffleLimits,
  birthdays: birthdayLimits,
  tournaments: {
    nameMaxLength: tournamentLimits.nameMaxLength,
    minPlayers: tournamentLimits.minPlayers,
    maxPlayers: tournamentLimits.maxPlayers,
  },
  triggers: triggerLimits,
  antiPool: antiPoolLimits,
  /** How often a command reply carries a tip (`tipsEvery`). */
  tips: tipsEveryLimits,
  gameBots: { max: gameBotIdsMax },
  market: { importKilobytes: marketImportMaxBytes / 1024 },
  calc: { maxLength: maxExpressionLength },
  discovery: discoveryLimits,
  timers: timerLimits,
  /** How long Hearth keeps what it writes about people (the privacy page quotes these too). */
  retention: dataRetention,
  caps: Object.fromEntries(Object.entries(serverCaps).map(([name, cap]) => [name, cap.max])),
} satisfies Record<string, Record<string, number>>;

/** The fact at `of` (`group.name`); throws naming the key when core has no such fact. */
export function fact(of: string): number {
  const [group = "", name = "", ...rest] = of.split(".");
  const value =
    rest.length === 0 && Object.hasOwn(facts, group)
      ? (facts[group as keyof typeof facts] as Record<string, number>)[name]
      : undefined;
  if (typeof value !== "number") {
    throw new Error(`<Limit of="${of}"/>: @hearth/core has no such fact (pages/docs/ui/facts.tsx)`);
  }
  return value;
}

/** A number from core, written as the guides write numbers (`4,096`). */
export function Limit({ of }: { of: string }) {
  return <>{fact(of).toLocaleString("en-US")}</>;
}

function catalogued(name: string) {
  const entry = findCommand(name);
  if (!entry) throw new Error(`<Cmd name="${name}"/>: no such command in the catalogue`);
  return entry;
}

/**
 * A command as inline code, checked against the catalogue: `<Cmd name="sticky list"/>` is
 * `/sticky list`; `args` follow it as typed (`<Cmd name="sticky set" args="channel:#trading"/>`).
 */
export function Cmd({ name, args }: { name: string; args?: string }) {
  // A group (`grinder`) names its subcommands; anything else must be one command.
  if (!findCommand(name) && commandsUnder(name).length === 0) {
    throw new Error(`<Cmd name="${name}"/>: no such command or group in the catalogue`);
  }
  return <C>{args ? `/${name} ${args}` : `/${name}`}</C>;
}

/** An option's range as the catalogue registers it with Discord: `1–100`. */
export function OptionRange({ command, option }: { command: string; option: string }) {
  const found = catalogued(command).options?.find((entry) => entry.name === option);
  if (found?.min === undefined || found.max === undefined) {
    throw new Error(`<OptionRange command="${command}" option="${option}"/>: no such bounded option`);
  }
  return <>{`${found.min.toLocaleString("en-US")}–${found.max.toLocaleString("en-US")}`}</>;
}

/**
 * An option's choices as the catalogue registers them with Discord, as a guide lists them:
 * `4, 8, 16, 32 or 64`.
 */
export function OptionChoices({ command, option }: { command: string; option: string }) {
  const names = catalogued(command)
    .options?.find((entry) => entry.name === option)
    ?.choices?.map((c) => c.name);
  if (!names || names.length < 2) {
    throw new Error(`<OptionChoices command="${command}" option="${option}"/>: no such option with choices`);
  }
  return <>{`${names.slice(0, -1).join(", ")} or ${names.at(-1)}`}</>;
}
