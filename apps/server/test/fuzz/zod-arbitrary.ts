import fc from "fast-check";
import type { z } from "zod";

/**
 * fast-check arbitraries from zod 4 schemas (the API's request schemas), read from the schemas'
 * definitions (`schema._zod.def`): the values a schema accepts, or close to them (refinements and
 * cross-field rules are not solved, so some generated values are refused; that is fine for fuzzing).
 * `mutate` then breaks a valid value in the ways clients break bodies.
 */

type Def = {
  type: string;
  checks?: { _zod: { def: CheckDef } }[];
  [key: string]: unknown;
} & Partial<CheckDef>;
type CheckDef = {
  check: string;
  format?: string;
  pattern?: RegExp;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number;
  inclusive?: boolean;
};
type Schema = z.core.$ZodType;

export interface ArbitraryOptions {
  /** Ids that exist in the demo server: snowflake-shaped strings use them often, by the key's name. */
  ids?: { channels: readonly string[]; roles: readonly string[]; members: readonly string[] };
  /** Longest array generated when the schema allows more (keeps bodies small; mutations add large ones). */
  maxArray?: number;
  /** The object key the value is for: its name hints at a shape refinements ask for (a URL, an invite, a colour). */
  key?: string;
  /** Snowflake-shaped strings only from `ids` (the contract test's valid input), never made up. */
  existingIdsOnly?: boolean;
  /** Values the server already holds for a key's name (a tier's name, say), used often for plain strings. */
  known?: (key: string) => readonly string[];
}

const defOf = (schema: Schema) => schema._zod.def as unknown as Def;
const checksOf = (def: Def): CheckDef[] => [
  ...(def.check ? [def as CheckDef] : []),
  ...(def.checks ?? []).map((check) => check._zod.def),
];

const snowflakePattern = /^\^\\d\{17,20\}\$$/;

function stringArbitrary(def: Def, options: ArbitraryOptions): fc.Arbitrary<string> {
  const checks = checksOf(def);
  let min = 0;
  let max = 40;
  let pattern: RegExp | undefined;
  let format: string | undefined;
  for (const check of checks) {
    if (check.check === "min_length") min = Math.max(min, check.minimum ?? 0);
    if (check.check === "max_length") max = Math.min(max, check.maximum ?? max);
    if (check.check === "length_equals") min = max = check.length ?? 0;
    if (check.check === "string_format") {
      format = check.format;
      if (check.pattern) pattern = check.pattern;
    }
  }
  if (format === "url") return fc.webUrl({ withQueryParameters: true });
  if (format === "email") return fc.emailAddress();
  if (format === "uuid" || format === "guid") return fc.uuid();
  if (format === "datetime") return fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
  if (pattern) {
    const matching = safeStringMatching(pattern);
    const pool = options.ids ? idsFor(options.key ?? "", options.ids) : [];
    if (pattern.source.match(snowflakePattern) && pool.length > 0) {
      if (options.existingIdsOnly) return fc.constantFrom(...pool);
      return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...pool) }, { weight: 1, arbitrary: matching });
    }
    return matching;
  }
  if (max < min) max = min;
  const known = (options.known?.(options.key ?? "") ?? []).filter((v) => v.length >= min && v.length <= max);
  if (known.length > 0)
    return fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...known) },
      { weight: 1, arbitrary: fc.string({ minLength: min, maxLength: max }) },
    );
  const hinted = hintedString(options.key ?? "");
  const text = fc.string({ minLength: min, maxLength: max, unit: "grapheme" });
  if (hinted) return fc.oneof({ weight: 3, arbitrary: hinted }, { weight: 1, arbitrary: text });
  // Discord-ish text is mostly plain: mix in ASCII-only strings and the template language's braces
  // that fit the length (a filter none of them pass would never end: a 4-character field, say).
  const markup = [
    "{user}",
    "{server}",
    "{user.mention}",
    "{#if x}",
    "<@123456789012345678>",
    "**bold**",
  ].filter((value) => value.length >= min && value.length <= max);
  return fc.oneof(
    text,
    fc.string({ minLength: min, maxLength: max }),
    ...(markup.length > 0 ? [fc.constantFrom(...markup)] : []),
  );
}

/** The existing ids a key's name asks for: `channelId` a channel, `requiredRoles` a role, `userId` a member. */
function idsFor(key: string, ids: NonNullable<ArbitraryOptions["ids"]>): readonly string[] {
  if (/role/i.test(key)) return ids.roles;
  if (/channel|category/i.test(key)) return ids.channels;
  if (/user|member|donor|host|owner|winner|manager/i.test(key)) return ids.members;
  return [...ids.channels, ...ids.roles, ...ids.members];
}

/** Shapes that a field's name asks for and a refinement checks, which random text never hits. */
function hintedString(key: string): fc.Arbitrary<string> | null {
  if (/url|icon|thumbnail|image|avatar|banner/i.test(key))
    return fc.oneof(fc.webUrl(), fc.constantFrom("", "{user.avatar}", "{server.icon}"));
  if (/invite/i.test(key))
    return fc
      .stringMatching(/^[A-Za-z0-9-]{2,32}$/)
      .chain((code) => fc.constantFrom(`https://discord.gg/${code}`, `https://discord.com/invite/${code}`));
  if (/colou?r/i.test(key))
    return fc.integer({ min: 0, max: 0xffffff }).map((n) => `#${n.toString(16).padStart(6, "0")}`);
  return null;
}

function safeStringMatching(pattern: RegExp): fc.Arbitrary<string> {
  try {
    return fc.stringMatching(pattern);
  } catch {
    return fc.string();
  }
}

function numberArbitrary(def: Def): fc.Arbitrary<number> {
  let integer = false;
  let min = -1e9;
  let max = 1e9;
  for (const check of checksOf(def)) {
    if (check.check === "number_format") integer = true;
    if (check.check === "greater_than" && typeof check.value === "number")
      min = Math.max(min, check.inclusive ? check.value : check.value + (integer ? 1 : 1e-9));
    if (check.check === "less_than" && typeof check.value === "number")
      max = Math.min(max, check.inclusive ? check.value : check.value - (integer ? 1 : 1e-9));
  }
  if (max < min) max = min;
  if (integer) return fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
  return fc.oneof(
    fc.integer({ min: Math.ceil(min), max: Math.floor(max) }),
    fc.double({ min, max, noNaN: true, noDefaultInfinity: true }),
  );
}

/** An arbitrary of the values `schema` accepts (approximately: refinements are not solved). */
export function arbitraryOf(
  schema: Schema,
  options: ArbitraryOptions = {},
  depth = 0,
): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const inner = (child: unknown) => arbitraryOf(child as Schema, options, depth + 1);
  const maxArray = options.maxArray ?? 4;
  if (depth > 12) return fc.constant(null);
  switch (def.type) {
    case "string":
      return stringArbitrary(def, options);
    case "number":
    case "int":
      return numberArbitrary(def);
    case "bigint":
      return fc.bigInt().map(String);
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "undefined":
    case "void":
      return fc.constant(undefined);
    case "date":
      return fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
    case "literal":
      return fc.constantFrom(...(def.values as unknown[]));
    case "enum":
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
    case "object": {
      const shape = def.shape as Record<string, Schema>;
      const required: string[] = [];
      const fields: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, child] of Object.entries(shape)) {
        const childType = defOf(child).type;
        if (!["optional", "default", "prefault", "catch"].includes(childType)) required.push(key);
        fields[key] = arbitraryOf(child, { ...options, key }, depth + 1);
      }
      return fc.record(fields, { requiredKeys: required });
    }
    case "array": {
      let min = 0;
      let max = maxArray;
      for (const check of checksOf(def)) {
        if (check.check === "min_length") min = check.minimum ?? 0;
        if (check.check === "max_length") max = Math.min(max, check.maximum ?? max);
        if (check.check === "length_equals") min = max = check.length ?? 0;
      }
      return fc.array(inner(def.element), { minLength: min, maxLength: Math.max(min, max) });
    }
    case "tuple": {
      const items = (def.items as Schema[]).map(inner);
      return fc.tuple(...items);
    }
    case "set":
      return fc.array(inner(def.valueType), { maxLength: maxArray });
    case "record":
    case "map": {
      const keyType = defOf(def.keyType as Schema).type;
      const keys =
        keyType === "string" ? fc.string({ minLength: 1, maxLength: 12 }) : inner(def.keyType).map(String);
      return fc.dictionary(keys as fc.Arbitrary<string>, inner(def.valueType), { maxKeys: maxArray });
    }
    case "union":
      return fc.oneof(...(def.options as Schema[]).map(inner));
    case "intersection":
      return fc
        .tuple(inner(def.left), inner(def.right))
        .map(([left, right]) =>
          isPlainObject(left) && isPlainObject(right) ? { ...left, ...right } : (right ?? left),
        );
    case "optional":
      return fc.option(inner(def.innerType), { nil: undefined, freq: 4 });
    case "nullable":
      return fc.option(inner(def.innerType), { nil: null, freq: 4 });
    case "default":
    case "prefault":
    case "catch":
    case "readonly":
    case "nonoptional":
    case "success":
      return inner(def.innerType);
    case "lazy":
      return inner((def.getter as () => Schema)());
    case "pipe": {
      // z.preprocess(fn, schema) is a pipe from a transform: generate what the schema after it takes.
      const from = def.in as Schema;
      return defOf(from).type === "transform" ? inner(def.out) : inner(from);
    }
    default:
      // any, unknown, transform, custom…: anything JSON.
      return fc.jsonValue({ maxDepth: 2 });
  }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Values clients send where they shouldn't. Large ones are built lazily (a 1 MB string each time is slow). */
const wildValues: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    "",
    0,
    -1,
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER + 2,
    0.5,
    true,
    false,
    [],
    {},
    "__proto__",
    "constructor",
    "<script>alert(1)</script>",
    "'; drop table guilds; --",
    "\u0000",
    "\ud800",
    "١٢٣",
    "9".repeat(400),
    "123456789012345678",
    "-123456789012345678",
    "NaN",
    "Infinity",
    "{user.mention}{#each}{{{{",
  ),
  fc.jsonValue({ maxDepth: 3 }),
  fc.string({ maxLength: 3000, unit: "binary" }),
  fc.integer({ min: 1, max: 200 }).map((depth) => nest(depth)),
);

/** `{"a":{"a":…}}` or `[[[…]]]` to the given depth. */
export function nest(
  depth: number,
  kind: "object" | "array" = depth % 2 === 0 ? "object" : "array",
): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = kind === "object" ? { a: value } : [value];
  return value;
}

type Mutation =
  | { kind: "replace"; at: number; value: unknown }
  | { kind: "delete"; at: number }
  | { kind: "proto"; at: number; key: "__proto__" | "constructor" | "prototype"; value: unknown }
  | { kind: "extra"; at: number; key: string; value: unknown }
  | { kind: "wrap"; as: "array" | "string" | "number" | "null" };

const mutationArbitrary: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant("replace"), at: fc.nat(), value: wildValues }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("delete"), at: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("proto"),
      at: fc.nat(),
      key: fc.constantFrom("__proto__", "constructor", "prototype"),
      value: fc.oneof(
        fc.constant({ isAdmin: true, permission: "owner" }),
        fc.constant({ prototype: { polluted: true } }),
        wildValues,
      ),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("extra"),
      at: fc.nat(),
      key: fc.string({ maxLength: 20 }),
      value: wildValues,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("wrap"),
      as: fc.constantFrom("array", "string", "number", "null"),
    }),
  },
) as fc.Arbitrary<Mutation>;

/** Every container and leaf of a JSON value, with a setter and (for object members) a deleter. */
function nodesOf(root: { value: unknown }): { get(): unknown; set(v: unknown): void; remove?(): void }[] {
  const nodes: { get(): unknown; set(v: unknown): void; remove?(): void }[] = [];
  const visit = (get: () => unknown, set: (v: unknown) => void, remove?: () => void) => {
    nodes.push({ get, set, ...(remove ? { remove } : {}) });
    const value = get();
    if (Array.isArray(value)) {
      value.forEach((_item, index) => {
        visit(
          () => value[index],
          (v) => {
            value[index] = v;
          },
          () => value.splice(index, 1),
        );
      });
    } else if (isPlainObject(value)) {
      for (const key of Object.keys(value)) {
        visit(
          () => value[key],
          (v) => defineOwn(value, key, v),
          () => delete value[key],
        );
      }
    }
  };
  visit(
    () => root.value,
    (v) => {
      root.value = v;
    },
  );
  return nodes;
}

/** Sets an own, enumerable property, even `__proto__` (as JSON.parse makes it; JSON.stringify then sends it). */
function defineOwn(target: Record<string, unknown>, key: string, value: unknown) {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function applyMutation(root: { value: unknown }, mutation: Mutation): void {
  if (mutation.kind === "wrap") {
    const value = root.value;
    root.value =
      mutation.as === "array"
        ? [value]
        : mutation.as === "string"
          ? JSON.stringify(value ?? null)
          : mutation.as === "number"
            ? 42
            : null;
    return;
  }
  const nodes = nodesOf(root);
  const node = nodes[mutation.at % nodes.length];
  if (!node) return;
  if (mutation.kind === "replace") node.set(structuredClone(mutation.value));
  else if (mutation.kind === "delete") (node.remove ?? (() => node.set(undefined)))();
  else {
    // proto / extra: add a key to the nearest object (the node itself, or the body when it isn't one).
    const target = isPlainObject(node.get()) ? node.get() : root.value;
    if (isPlainObject(target)) defineOwn(target, mutation.key, structuredClone(mutation.value));
  }
}

/** A valid-looking value of `schema` broken by one to three mutations. */
export function mutatedArbitraryOf(schema: Schema, options: ArbitraryOptions = {}): fc.Arbitrary<unknown> {
  return fc
    .tuple(arbitraryOf(schema, options), fc.array(mutationArbitrary, { minLength: 1, maxLength: 3 }))
    .map(([value, mutations]) => {
      const root = { value: structuredClone(value) };
      for (const mutation of mutations) applyMutation(root, mutation);
      return root.value;
    });
}
