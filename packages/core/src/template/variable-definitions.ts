import type { TemplateContext, TemplateValue } from "./context.ts";
import { formatOrdinal, formatTime, unixSeconds } from "./format.ts";

/**
 * How a variable renders: `text` and `url` as they are, `count` with thousands separators,
 * `number` as bare digits, `date` as a UTC calendar date.
 */
export type TemplateVariableKind = "text" | "url" | "count" | "number" | "date";

export interface VariableDefinition {
  /** The documented spelling, without braces. */
  tag: string;
  aliases?: string[];
  group: "user" | "server" | "special";
  kind: TemplateVariableKind;
  description: string;
  get(context: TemplateContext): TemplateValue;
}

const day = 86_400_000;

/** Every variable a template can name, in the order the tag reference lists them. */
export const definitions: VariableDefinition[] = [
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
  {
    tag: "birthday.age",
    aliases: ["age"],
    group: "special",
    kind: "number",
    description:
      "In birthday announcements, the age the member turns, only when they chose to show it (else empty)",
    get: (c) => c.birthday?.age ?? null,
  },
];
