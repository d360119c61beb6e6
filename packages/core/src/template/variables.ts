import type { TemplateContext, TemplateValue } from "./context.ts";
import {
  discordTimestamp,
  formatDate,
  formatOrdinal,
  formatTime,
  groupDigits,
  unixSeconds,
} from "./format.ts";
import { definitions, type TemplateVariableKind, type VariableDefinition } from "./variable-definitions.ts";

export {
  exampleTemplateContext,
  type TemplateContext,
  type TemplateServer,
  type TemplateUser,
  type TemplateValue,
} from "./context.ts";
export { type TemplateTagReference, templateTagReference } from "./tag-reference.ts";
export type { TemplateVariableKind } from "./variable-definitions.ts";

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
