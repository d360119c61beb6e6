import {
  discordTimestamp,
  formatDate,
  formatOrdinal,
  formatTime,
  groupDigits,
  unixSeconds,
} from "./format.ts";

/** The member a message is about (for a welcome, the one who just joined). */
export interface TemplateUser {
  id: string;
  username: string;
  /** Server nickname, else global display name, else username. */
  displayName: string;
  /** Full avatar URL (the default avatar when the user has none). */
  avatarUrl: string;
  createdAt: number;
  /** When the member joined the server, when known. */
  joinedAt: number | null;
}

/** The server a message is posted in. */
export interface TemplateServer {
  id: string;
  name: string;
  iconUrl: string | null;
  description: string | null;
  memberCount: number;
  boostCount: number;
  /** 0 to 3. */
  boostLevel: number;
  createdAt: number;
  ownerId: string;
  ownerTag: string;
}

/** Everything a template can read. */
export interface TemplateContext {
  user: TemplateUser;
  server: TemplateServer;
  /** The render time, ms since the epoch. */
  now: number;
  /** A source of numbers in [0, 1) for `{random(…)}` and `{choose(…)}`; Math.random by default. */
  random?: () => number;
}

/** A value as conditions see it: text, a number, or nothing. */
export type TemplateValue = string | number | null;

/**
 * How a variable renders: `text` and `url` as they are, `count` with thousands separators,
 * `number` as bare digits, `date` as a UTC calendar date.
 */
export type TemplateVariableKind = "text" | "url" | "count" | "number" | "date";

interface VariableDefinition {
  /** The documented spelling, without braces. */
  tag: string;
  aliases?: string[];
  group: "user" | "server" | "special";
  kind: TemplateVariableKind;
  description: string;
  get(context: TemplateContext): TemplateValue;
}

const day = 86_400_000;

const definitions: VariableDefinition[] = [
  {
    tag: "user.mention",
    aliases: ["user"],
    group: "user",
    kind: "text",
    description: "Mentions the member",
    get: (c) => `<@${c.user.id}>`,
  },
  {
    tag: "user.username",
    aliases: ["user.name"],
    group: "user",
    kind: "text",
    description: "The member's username",
    get: (c) => c.user.username,
  },
  {
    tag: "user.displayName",
    group: "user",
    kind: "text",
    description: "Nickname, else display name, else username",
    get: (c) => c.user.displayName,
  },
  { tag: "user.id", group: "user", kind: "text", description: "The member's id", get: (c) => c.user.id },
  {
    tag: "user.tag",
    group: "user",
    kind: "text",
    description: "The member's tag (the username since Discord dropped discriminators)",
    get: (c) => c.user.username,
  },
  {
    tag: "user.avatar",
    group: "user",
    kind: "url",
    description: "URL of the member's avatar",
    get: (c) => c.user.avatarUrl,
  },
  {
    tag: "user.createdAt",
    group: "user",
    kind: "date",
    description: "When the account was created",
    get: (c) => c.user.createdAt,
  },
  {
    tag: "user.joinedAt",
    group: "user",
    kind: "date",
    description: "When the member joined the server",
    get: (c) => c.user.joinedAt,
  },
  {
    tag: "user.accountAge",
    group: "user",
    kind: "count",
    description: "Age of the account in whole days",
    get: (c) => Math.max(0, Math.floor((c.now - c.user.createdAt) / day)),
  },
  {
    tag: "server.name",
    aliases: ["server"],
    group: "server",
    kind: "text",
    description: "The server's name",
    get: (c) => c.server.name,
  },
  {
    tag: "server.id",
    group: "server",
    kind: "text",
    description: "The server's id",
    get: (c) => c.server.id,
  },
  {
    tag: "server.memberCount",
    aliases: ["memberCount"],
    group: "server",
    kind: "count",
    description: "Number of members",
    get: (c) => c.server.memberCount,
  },
  {
    tag: "server.icon",
    group: "server",
    kind: "url",
    description: "URL of the server's icon (empty when it has none)",
    get: (c) => c.server.iconUrl,
  },
  {
    tag: "server.description",
    group: "server",
    kind: "text",
    description: "The server's description (empty when it has none)",
    get: (c) => c.server.description,
  },
  {
    tag: "server.boostCount",
    group: "server",
    kind: "count",
    description: "Number of boosts",
    get: (c) => c.server.boostCount,
  },
  {
    tag: "server.boostLevel",
    group: "server",
    kind: "count",
    description: "Boost level, 0 to 3",
    get: (c) => c.server.boostLevel,
  },
  {
    tag: "server.createdAt",
    group: "server",
    kind: "date",
    description: "When the server was created",
    get: (c) => c.server.createdAt,
  },
  {
    tag: "server.owner",
    group: "server",
    kind: "text",
    description: "The owner's tag",
    get: (c) => c.server.ownerTag,
  },
  {
    tag: "server.owner.id",
    group: "server",
    kind: "text",
    description: "The owner's id",
    get: (c) => c.server.ownerId,
  },
  {
    tag: "server.owner.mention",
    group: "server",
    kind: "text",
    description: "Mentions the owner (shown, never pings)",
    get: (c) => `<@${c.server.ownerId}>`,
  },
  {
    tag: "ordinal",
    group: "special",
    kind: "text",
    description: "The member count as an ordinal, e.g. 321st",
    get: (c) => formatOrdinal(c.server.memberCount),
  },
  { tag: "newline", group: "special", kind: "text", description: "A line break", get: () => "\n" },
  { tag: "space", group: "special", kind: "text", description: "A space", get: () => " " },
  {
    tag: "date.now",
    group: "special",
    kind: "date",
    description: "Today's date (UTC)",
    get: (c) => c.now,
  },
  {
    tag: "time.now",
    group: "special",
    kind: "text",
    description: "The time now (UTC)",
    get: (c) => formatTime(c.now),
  },
  {
    tag: "timestamp.now",
    group: "special",
    kind: "number",
    description: "Unix time now, in seconds",
    get: (c) => unixSeconds(c.now),
  },
];

/** A variable ready to use: how to read its value and how to write it out. */
export interface TemplateVariable {
  /** Documented spelling, without braces. */
  readonly tag: string;
  readonly raw: (context: TemplateContext) => TemplateValue;
  readonly text: (context: TemplateContext) => string;
}

function formatter(kind: TemplateVariableKind): (value: TemplateValue) => string {
  switch (kind) {
    case "count":
      return (value) => (typeof value === "number" ? groupDigits(value) : (value ?? ""));
    case "date":
      return (value) => (typeof value === "number" ? formatDate(value) : (value ?? ""));
    default:
      return (value) => (value === null ? "" : String(value));
  }
}

/** Suffixes that derive a variable from another: `{server.memberCount.ordinal}`, `{user.createdAt.relative}`. */
const suffixes: Record<
  string,
  { of: TemplateVariableKind; kind: TemplateVariableKind; map: (value: number) => TemplateValue }[]
> = {
  ordinal: [{ of: "count", kind: "text", map: formatOrdinal }],
  date: [{ of: "date", kind: "text", map: formatDate }],
  time: [{ of: "date", kind: "text", map: formatTime }],
  timestamp: [{ of: "date", kind: "number", map: unixSeconds }],
  relative: [{ of: "date", kind: "text", map: (ms) => discordTimestamp(ms, "R") }],
};

/** Case and underscores don't matter: `{Server.Member_Count}` is `{server.memberCount}`. */
export function normalizeTagName(name: string): string {
  return name.replaceAll("_", "").toLowerCase();
}

function resolve(tag: string, kind: TemplateVariableKind, get: VariableDefinition["get"]): TemplateVariable {
  const format = formatter(kind);
  return { tag, raw: get, text: (context) => format(get(context)) };
}

const variables = new Map<string, TemplateVariable>();
const spellings: string[] = [];
for (const definition of definitions) {
  for (const name of [definition.tag, ...(definition.aliases ?? [])]) {
    spellings.push(name);
    variables.set(normalizeTagName(name), resolve(definition.tag, definition.kind, definition.get));
    for (const [suffix, variants] of Object.entries(suffixes)) {
      for (const variant of variants) {
        if (variant.of !== definition.kind) continue;
        const get = (context: TemplateContext) => {
          const value = definition.get(context);
          return typeof value === "number" ? variant.map(value) : null;
        };
        spellings.push(`${name}.${suffix}`);
        variables.set(
          normalizeTagName(`${name}.${suffix}`),
          resolve(`${definition.tag}.${suffix}`, variant.kind, get),
        );
      }
    }
  }
}

/** The variable a name refers to, or undefined. */
export function lookupTemplateVariable(name: string): TemplateVariable | undefined {
  return variables.get(normalizeTagName(name));
}

/** Every name a suggestion may offer: documented names, short forms and suffixed forms. */
export function knownTemplateNames(): readonly string[] {
  return spellings;
}

/** One row of the tag reference the editor shows. */
export interface TemplateTagReference {
  tag: string;
  group: "user" | "server" | "special" | "functions";
  description: string;
}

/** The tag reference: every variable, the suffixes, the functions and the condition construct. */
export const templateTagReference: readonly TemplateTagReference[] = [
  ...definitions.map((definition) => ({
    tag: `{${definition.tag}}`,
    group: definition.group,
    description: definition.aliases
      ? `${definition.description} (also ${definition.aliases.map((alias) => `{${alias}}`).join(", ")})`
      : definition.description,
  })),
  {
    tag: "{server.memberCount.ordinal}",
    group: "special",
    description: "Any count followed by .ordinal, e.g. 321st",
  },
  {
    tag: "{user.createdAt.relative}",
    group: "special",
    description:
      "Any date followed by .relative (e.g. '3 years ago', in the reader's language), .timestamp (Unix seconds), .date or .time",
  },
  { tag: "{random(1,10)}", group: "functions", description: "A whole number between the two, inclusive" },
  { tag: "{choose(Hi,Hey,Welcome)}", group: "functions", description: "One of the choices, at random" },
  {
    tag: "{if(user.accountAge < 7):text}",
    group: "functions",
    description:
      "The text only when the condition holds: a variable that is set, or two values compared with ==, !=, >, >=, < or <=; ! negates",
  },
];

/** A made-up member and server, for examples, previews without a member, tests and benchmarks. */
export function exampleTemplateContext(now: number = Date.UTC(2025, 2, 14, 18, 5)): TemplateContext {
  return {
    user: {
      id: "448866224466880011",
      username: "cinderfox",
      displayName: "Cinder",
      avatarUrl: "https://cdn.discordapp.com/embed/avatars/3.png",
      createdAt: Date.UTC(2019, 5, 2, 12),
      joinedAt: now,
    },
    server: {
      id: "1085281409813676032",
      name: "Ember Hollow",
      iconUrl: null,
      description: "A cosy grinding and events community",
      memberCount: 321,
      boostCount: 9,
      boostLevel: 2,
      createdAt: Date.UTC(2023, 2, 14, 18, 30),
      ownerId: "329638211698262016",
      ownerTag: "emberkeeper",
    },
    now,
  };
}
