/**
 * Hearth's message template language (welcome messages, ping-on-join messages and, later, any text
 * the bot posts on a member's behalf). It is shared by the server, which renders what the bot
 * sends, and the dashboard, which previews and checks what a manager types.
 *
 * ## Tags
 * A tag is written in braces and replaced by a value when the message is sent:
 * - Variables: `{user.mention}`, `{user.username}`, `{user.displayName}`, `{user.id}`, `{user.tag}`,
 *   `{user.avatar}`, `{user.createdAt}`, `{user.joinedAt}`, `{user.accountAge}` (days);
 *   `{server.name}`, `{server.id}`, `{server.memberCount}`, `{server.icon}`, `{server.description}`,
 *   `{server.boostCount}`, `{server.boostLevel}`, `{server.createdAt}`, `{server.owner}`,
 *   `{server.owner.id}`, `{server.owner.mention}`; `{date.now}`, `{time.now}`, `{timestamp.now}`.
 * - Short forms: `{user}` = `{user.mention}`, `{server}` = `{server.name}`, `{memberCount}` =
 *   `{server.memberCount}`, `{ordinal}` = `{server.memberCount.ordinal}`.
 * - Special: `{newline}` (a line break) and `{space}` (a space, useful where spaces would be trimmed).
 * - Suffixes: any count takes `.ordinal` (`{server.memberCount.ordinal}` → `321st`); any date takes
 *   `.date`, `.time`, `.timestamp` (Unix seconds) or `.relative` (Discord's `<t:…:R>`, which each
 *   reader sees as "3 years ago" in their own language).
 * - Names ignore case and underscores: `{server.member_count}`, `{user.created_at}` and
 *   `{Server.MemberCount}` all work. Spaces just inside the braces are allowed: `{ user }`.
 * - Counts render with thousands separators (`1,234`); dates as UTC calendar dates (`June 2, 2017`);
 *   `{time.now}` as `18:05 UTC`. A missing value (a server without an icon) renders as nothing.
 *
 * ## Functions
 * - `{random(1,10)}`: a whole number from the first to the second, inclusive (either order).
 * - `{choose(Hi,Hey,Welcome)}`: one of the comma-separated choices (trimmed), at random.
 *
 * ## Conditions
 * `{if(condition):text}` writes `text` only when the condition holds. The text may hold tags,
 * nested conditions included (up to 16 deep). A condition is one of:
 * - a variable alone, true when it has a value (non-empty text, a non-zero number):
 *   `{if(server.description):About us: {server.description}}`;
 * - two values compared with `==`, `!=` (`=` also means `==`), `>`, `>=`, `<` or `<=`:
 *   `{if(user.accountAge < 7):New account!}`, `{if(server.memberCount == 1000):🎉 Member 1,000!}`.
 *   A value is a variable, a number, a quoted text (`"…"` or `'…'`), or — on the right-hand side
 *   only — a bare word. Two numbers compare as numbers; otherwise `==` and `!=` compare text,
 *   ignoring case, and the ordering operators are false;
 * - either of those preceded by `!`, which negates it: `{if(!server.description):…}`.
 * There is no `else`: write the negated condition as a second tag.
 *
 * ## Literal braces and unknown tags
 * A backslash directly before a brace makes it literal: `\{user\}` renders `{user}`. Other
 * backslashes are kept as written (Discord markdown such as `\*` and `¯\_(ツ)_/¯` pass through).
 * A brace without a partner is literal too. A tag the language does not know — a typo such as
 * `{user.mentoin}` — is left exactly as written, so the reader sees it, and {@link validateTemplate}
 * lists it (with a suggestion) for the editor. Values are inserted verbatim and never read as tags,
 * so a member named `{server.owner}` cannot inject anything.
 *
 * ## Guarantees
 * Rendering never throws, whatever the input, and takes time linear in the template's length plus
 * the output's. Text without braces renders to itself. A template is compiled once to a list of
 * parts and the compiled form is cached by its source text. Output length is not capped here: the
 * caller truncates to the limit of the field it fills (Discord's embed limits, for instance).
 */
import { type Condition, holds, parseCondition } from "./condition.ts";
import { lookupTemplateVariable, type TemplateContext, type TemplateVariable } from "./variables.ts";

/** One piece of a compiled template: literal text or something computed at render time. */
export type TemplatePart =
  | string
  | { readonly type: "variable"; readonly variable: TemplateVariable }
  | { readonly type: "random"; readonly min: number; readonly max: number }
  | { readonly type: "choose"; readonly options: readonly string[] }
  | { readonly type: "if"; readonly condition: Condition; readonly body: readonly TemplatePart[] };

/** A tag the language does not know, as written, with its position in the source. */
export interface UnknownTemplateTag {
  /** The tag as written, braces included. */
  tag: string;
  start: number;
  end: number;
}

export interface CompiledTemplate {
  readonly source: string;
  readonly parts: readonly TemplatePart[];
  readonly unknownTags: readonly UnknownTemplateTag[];
}

const maxDepth = 16;
const backslash = 92;
const openBrace = 123;
const closeBrace = 125;

/**
 * Pairs every unescaped `{` with its `}` in one pass with a stack, like parentheses; unpaired braces
 * stay -1. Doing this first keeps the parser linear: it never searches ahead for a closing brace.
 */
function pairBraces(source: string): Int32Array {
  const partner = new Int32Array(source.length).fill(-1);
  const stack: number[] = [];
  for (let index = 0; index < source.length; index++) {
    const code = source.charCodeAt(index);
    if (code === backslash) {
      const next = source.charCodeAt(index + 1);
      if (next === openBrace || next === closeBrace) index++;
    } else if (code === openBrace) {
      stack.push(index);
    } else if (code === closeBrace && stack.length > 0) {
      const open = stack.pop() as number;
      partner[open] = index;
      partner[index] = open;
    }
  }
  return partner;
}

const pathPattern = /^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*$/;
const callPattern = /^([A-Za-z_]\w*)\s*\(([\s\S]*)\)$/;
const ifPattern = /^\s*if\s*\(/i;
const maxRandomBound = 1e15;

class Parser {
  readonly unknownTags: UnknownTemplateTag[] = [];
  private readonly partner: Int32Array;

  constructor(private readonly source: string) {
    this.partner = pairBraces(source);
  }

  /** Parts of source[start, end), where every brace pair lies wholly inside the range. */
  parseRange(start: number, end: number, depth: number): TemplatePart[] {
    const parts: TemplatePart[] = [];
    const { source, partner } = this;
    let text = "";
    let textStart = start;
    let index = start;
    const flush = () => {
      text += source.slice(textStart, index);
    };
    while (index < end) {
      const code = source.charCodeAt(index);
      if (code === backslash && index + 1 < end) {
        const next = source.charCodeAt(index + 1);
        if (next === openBrace || next === closeBrace) {
          flush();
          text += source[index + 1];
          index += 2;
          textStart = index;
          continue;
        }
      }
      const close = code === openBrace ? (partner[index] as number) : -1;
      if (close > index) {
        const part = depth < maxDepth ? this.parseTag(index + 1, close, depth) : null;
        if (part === null) {
          this.unknownTags.push({ tag: source.slice(index, close + 1), start: index, end: close + 1 });
          index = close + 1; // left as written: the whole range stays in the pending text
          continue;
        }
        flush();
        if (typeof part === "string") {
          text += part;
        } else {
          if (text !== "") parts.push(text);
          text = "";
          parts.push(part);
        }
        index = close + 1;
        textStart = index;
        continue;
      }
      index++;
    }
    flush();
    if (text !== "") parts.push(text);
    return parts;
  }

  /** The tag between braces at [start, end), or null when it is not one the language knows. */
  private parseTag(start: number, end: number, depth: number): TemplatePart | null {
    const { source } = this;
    // Only a condition may hold nested tags, so anything else is judged on its text alone.
    const head = source.slice(start, Math.min(end, start + 8));
    if (ifPattern.test(head)) return this.parseIf(start, end, depth);
    const content = source.slice(start, end).trim();
    if (pathPattern.test(content)) {
      const variable = lookupTemplateVariable(content);
      if (!variable) return null;
      // Constant variables compile to their text, so `{newline}` costs nothing at render time.
      if (variable.tag === "newline") return "\n";
      if (variable.tag === "space") return " ";
      return { type: "variable", variable };
    }
    const call = callPattern.exec(content);
    if (!call) return null;
    const name = (call[1] as string).toLowerCase();
    const args = (call[2] as string).split(",").map((arg) => arg.trim());
    if (name === "random" && args.length === 2 && args.every((arg) => /^-?\d+$/.test(arg))) {
      const [a, b] = args.map(Number) as [number, number];
      if (Math.abs(a) > maxRandomBound || Math.abs(b) > maxRandomBound) return null;
      return { type: "random", min: Math.min(a, b), max: Math.max(a, b) };
    }
    const options = args.filter((arg) => arg !== "");
    if (name === "choose" && options.length > 0) {
      if (options.some((option) => option.includes("{") || option.includes("}"))) return null;
      return { type: "choose", options };
    }
    return null;
  }

  private parseIf(start: number, end: number, depth: number): TemplatePart | null {
    const { source } = this;
    let index = source.indexOf("(", start) + 1;
    // The condition ends at the first `)` outside quotes; it may not hold braces.
    let quote = 0;
    for (; index < end; index++) {
      const code = source.charCodeAt(index);
      if (code === openBrace || code === closeBrace) return null;
      if (quote !== 0) {
        if (code === quote) quote = 0;
      } else if (code === 34 || code === 39) {
        quote = code;
      } else if (code === 41) {
        break;
      }
    }
    if (index >= end) return null;
    const condition = parseCondition(source.slice(source.indexOf("(", start) + 1, index));
    if (!condition) return null;
    let colon = index + 1;
    while (colon < end && isSpace(source.charCodeAt(colon))) colon++;
    if (source.charCodeAt(colon) !== 58) return null;
    return { type: "if", condition, body: this.parseRange(colon + 1, end, depth + 1) };
  }
}

function isSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13;
}

const cacheLimit = 500;
const cacheableLength = 16_384;
const cache = new Map<string, CompiledTemplate>();

/** Compiles a template to parts; cached by source text (the most recent 500 templates). */
export function compileTemplate(source: string): CompiledTemplate {
  const cached = cache.get(source);
  if (cached) return cached;
  const compiled = compileUncached(source);
  if (source.length <= cacheableLength) {
    if (cache.size >= cacheLimit) cache.delete(cache.keys().next().value as string);
    cache.set(source, compiled);
  }
  return compiled;
}

/** Compiles without touching the cache (benchmarks measure the cold path with it). */
export function compileUncached(source: string): CompiledTemplate {
  if (source.indexOf("{") === -1 && source.indexOf("}") === -1) {
    return { source, parts: source === "" ? [] : [source], unknownTags: [] };
  }
  const parser = new Parser(source);
  const parts = parser.parseRange(0, source.length, 0);
  return { source, parts, unknownTags: parser.unknownTags };
}

function pick(random: () => number, count: number): number {
  const value = random();
  const index = Math.floor((Number.isFinite(value) ? value : 0) * count);
  return Math.min(count - 1, Math.max(0, index));
}

function renderParts(parts: readonly TemplatePart[], context: TemplateContext): string {
  let out = "";
  for (const part of parts) {
    if (typeof part === "string") {
      out += part;
      continue;
    }
    switch (part.type) {
      case "variable":
        out += part.variable.text(context);
        break;
      case "random":
        out += String(part.min + pick(context.random ?? Math.random, part.max - part.min + 1));
        break;
      case "choose":
        out += part.options[pick(context.random ?? Math.random, part.options.length)] ?? "";
        break;
      case "if":
        if (holds(part.condition, context)) out += renderParts(part.body, context);
        break;
    }
  }
  return out;
}

/**
 * Renders a template (source text or compiled) for a member and server. Never throws: should a
 * malformed context (from untyped code) make a value fail, the template comes back as written.
 */
export function renderTemplate(template: string | CompiledTemplate, context: TemplateContext): string {
  const compiled = typeof template === "string" ? compileTemplate(template) : template;
  try {
    return renderParts(compiled.parts, context);
  } catch {
    return compiled.source;
  }
}
