import {
  CalcError,
  compileUncached,
  defaultWelcomeConfig,
  describeResult,
  evaluateExpression,
  exampleTemplateContext,
  expressionInMessage,
  knownTemplateNames,
  parseAmount,
  parseDuration,
  parseTimerSeconds,
  renderTemplate,
  renderWelcomeMessage,
  validateTemplate,
  welcomeLimits,
} from "@hearth/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

// Issue 17 item 3, second half: the template language and the calculator-style parsers, fuzzed for
// termination (every case returns, or throws only the parser's own error), bounded time (≤ 10 ms per
// render or evaluation: each case is timed, one over 10 ms is timed again (up to 5 times) and its best run counts; those
// still over are counted and must stay rare, and none may pass a hard bound of 100 ms) and bounded output. The seed is printed;
// FUZZ_SEED=<n> replays a run.

const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
console.log(`parsers fuzz: seed ${seed} (replay with FUZZ_SEED=${seed})`);

const perCaseMs = 10;
const hardMs = 100;
/** Cases over 10 ms even at their best of 6 runs, allowed per 1,000 (the machine is shared and busy). */
const outliersPerThousand = 1;

interface Timing {
  cases: number;
  /** Cases over 10 ms on their first run (noise on a busy machine: a collection, another process). */
  slowFirstRuns: number;
  /** Cases still over 10 ms at their best of 5 more runs: slow by themselves. */
  outliers: number;
  /** The slowest case at its best run. */
  slowest: number;
  slowestInput: string;
}

const pause = new Int32Array(new SharedArrayBuffer(4));

/** Times each case; one over 10 ms runs again up to 5 times, 5 ms apart, and its best run is what counts. */
function timer(): Timing & { time<T>(input: string, run: () => T): T } {
  const once = <T>(run: () => T): [T, number] => {
    const started = performance.now();
    const result = run();
    return [result, performance.now() - started];
  };
  const timing = {
    cases: 0,
    slowFirstRuns: 0,
    outliers: 0,
    slowest: 0,
    slowestInput: "",
    time<T>(input: string, run: () => T): T {
      const [result, first] = once(run);
      let best = first;
      timing.cases++;
      if (first > perCaseMs) {
        timing.slowFirstRuns++;
        for (let i = 0; i < 5 && best > perCaseMs; i++) {
          // A short pause first: on a busy machine the slow run is usually the process waiting for a core.
          Atomics.wait(pause, 0, 0, 5);
          best = Math.min(best, once(run)[1]);
        }
        if (best > perCaseMs) timing.outliers++;
      }
      if (best > timing.slowest) {
        timing.slowest = best;
        timing.slowestInput = input.slice(0, 200);
      }
      return result;
    },
  };
  return timing;
}

function expectBoundedTime(name: string, timing: Timing) {
  console.log(
    `parsers fuzz: ${name}: ${timing.cases} cases; ${timing.slowFirstRuns} over ${perCaseMs} ms on a first run, ` +
      `${timing.outliers} at their best of 6 (allowed ${outliersPerThousand}/1000); slowest ${timing.slowest.toFixed(2)} ms`,
  );
  expect(timing.slowest, `slowest ${name} case: ${JSON.stringify(timing.slowestInput)}`).toBeLessThan(hardMs);
  expect(timing.outliers).toBeLessThanOrEqual(Math.floor((timing.cases * outliersPerThousand) / 1000));
}

// ---- the template language ----

const names = knownTemplateNames();
const context = { ...exampleTemplateContext(), random: () => 0.999_999 };
/** The longest text any single tag can write for this context (a random number has at most 16 digits). */
const longestValue = Math.max(16, ...names.map((name) => renderTemplate(`{${name}}`, context).length));

const word = fc.string({ maxLength: 8, unit: fc.constantFrom(..."abc xyz_.\\*()=!<>'\",:0123456789") });
const tagName = fc.oneof(
  fc.constantFrom(...names),
  fc.constantFrom("user", "server", "memberCount", "ordinal", "newline", "space"),
  fc
    .constantFrom(...names)
    .map((name) => `${name}.${["ordinal", "date", "time", "timestamp", "relative"][name.length % 5]}`),
  word,
);
const condition = fc.oneof(
  tagName,
  fc
    .tuple(
      tagName,
      fc.constantFrom("==", "!=", "=", ">", ">=", "<", "<=", "=>", "==="),
      fc.oneof(word, fc.integer().map(String)),
    )
    .map(([left, op, right]) => `${left} ${op} ${right}`),
  tagName.map((name) => `!${name}`),
);

const templateArbitrary: fc.Arbitrary<string> = fc.letrec<{ template: string; piece: string }>((tie) => ({
  template: fc.array(tie("piece"), { maxLength: 12 }).map((pieces) => pieces.join("")),
  piece: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.string({ maxLength: 20 }),
    tagName.map((name) => `{${name}}`),
    tagName.map((name) => `{ ${name} }`),
    fc.tuple(fc.integer(), fc.integer()).map(([a, b]) => `{random(${a},${b})}`),
    fc.tuple(fc.double(), word).map(([a, b]) => `{random(${a},${b})}`),
    fc.array(word, { maxLength: 6 }).map((options) => `{choose(${options.join(",")})}`),
    fc.tuple(condition, tie("template")).map(([cond, body]) => `{if(${cond}):${body}}`),
    fc.constantFrom(
      "{",
      "}",
      "\\{",
      "\\}",
      "{{",
      "}}",
      "\\",
      "{if(",
      "{if(x):",
      "{random(",
      "{choose(",
      ")}",
      "\u0000",
    ),
  ),
})).template;

/** Pathological shapes a grammar rarely reaches: long runs of braces, deep nesting, many tags. */
const hostileTemplates = fc.oneof(
  fc.integer({ min: 1, max: 4000 }).map((n) => "{".repeat(n)),
  fc.integer({ min: 1, max: 4000 }).map((n) => "{".repeat(n) + "}".repeat(n)),
  fc.integer({ min: 1, max: 200 }).map((n) => `${"{if(user):".repeat(n)}x${"}".repeat(n)}`),
  fc.integer({ min: 1, max: 1000 }).map((n) => "{user}".repeat(n)),
  fc.integer({ min: 1, max: 500 }).map((n) => "{random(1,1000000000000000)}".repeat(n)),
  fc.integer({ min: 1, max: 2000 }).map((n) => `${"\\{".repeat(n)}}`),
  fc.integer({ min: 1, max: 300 }).map((n) => `{choose(${"a,".repeat(n * 10)})}`),
  fc.integer({ min: 1, max: 300 }).map((n) => `{if(${"user.accountAge ".repeat(n)}< 7):x}`),
  fc.string({ maxLength: 4000, unit: "binary" }),
);

/** Output bound: text copied from the source, plus at most the longest value per opening brace. */
const outputBound = (source: string) => source.length + (source.split("{").length - 1) * longestValue;

describe("the template language, fuzzed", () => {
  it("compiles, validates and renders any text: terminates, ≤ 10 ms a render, bounded output", () => {
    const timing = timer();
    const samples = [
      ...fc.sample(templateArbitrary, { seed, numRuns: 4000 }),
      ...fc.sample(hostileTemplates, { seed: seed + 1, numRuns: 600 }),
    ];
    for (const source of samples) {
      // Cold: compile and render without the cache, as the first render of a new template does.
      const output = timing.time(source, () => renderTemplate(compileUncached(source), context));
      expect(typeof output).toBe("string");
      expect(output.length, JSON.stringify(source.slice(0, 200))).toBeLessThanOrEqual(outputBound(source));
      if (!source.includes("{") && !source.includes("}")) expect(output).toBe(source);
      const problems = timing.time(source, () => validateTemplate(source));
      expect(Array.isArray(problems)).toBe(true);
    }
    expectBoundedTime("templates", timing);
  });

  it("a welcome message from fuzzed fields stays within Discord's limits", () => {
    const timing = timer();
    const fields = fc.record({
      title: fc.oneof(templateArbitrary, hostileTemplates),
      description: fc.oneof(templateArbitrary, hostileTemplates),
      footer: fc.oneof(templateArbitrary, hostileTemplates),
      label: templateArbitrary,
    });
    for (const f of fc.sample(fields, { seed: seed + 2, numRuns: 800 })) {
      const config = {
        ...defaultWelcomeConfig,
        enabled: true,
        embed: {
          ...defaultWelcomeConfig.embed,
          title: f.title,
          description: f.description,
          footer: { text: f.footer, iconURL: f.footer },
          thumbnail: f.label,
        },
        button: { ...defaultWelcomeConfig.button, label: f.label },
      };
      const message = timing.time(f.description, () => renderWelcomeMessage(config, context));
      const { embed } = message;
      expect(embed.title.length).toBeLessThanOrEqual(welcomeLimits.title);
      expect(embed.description.length).toBeLessThanOrEqual(welcomeLimits.description);
      expect(embed.footer?.text.length ?? 0).toBeLessThanOrEqual(welcomeLimits.footerText);
      expect(
        embed.title.length + embed.description.length + (embed.footer?.text.length ?? 0),
      ).toBeLessThanOrEqual(welcomeLimits.embedTotal);
      expect(embed.title.length + embed.description.length).toBeGreaterThan(0);
      expect(message.button?.label.length ?? 0).toBeLessThanOrEqual(welcomeLimits.buttonLabel);
    }
    expectBoundedTime("welcome messages", timing);
  });
});

// ---- the calculator and the other number parsers ----

const numberText = fc.oneof(
  fc.nat().map(String),
  fc.bigInt({ min: 0n, max: 10n ** 40n }).map(String),
  fc.tuple(fc.nat(), fc.nat({ max: 999_999 })).map(([a, b]) => `${a}.${b}`),
  fc
    .tuple(fc.nat({ max: 9999 }), fc.constantFrom("k", "m", "b", "t", "K", "M", "B", "T"))
    .map(([a, s]) => `${a}${s}`),
  fc.nat().map((n) => n.toLocaleString("en-US")),
  fc.constantFrom(".5", "1,5", "1,,000", "0", "00", "9".repeat(31), "1e9", "0x10", "½"),
);
const expressionArbitrary: fc.Arbitrary<string> = fc.letrec<{ expr: string }>((tie) => ({
  expr: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    numberText,
    fc
      .tuple(
        tie("expr"),
        fc.constantFrom("+", "-", "*", "/", "^", "x", "×", "÷", " of ", "−", "**", "%"),
        tie("expr"),
      )
      .map(([a, op, b]) => `${a}${op}${b}`),
    tie("expr").map((e) => `(${e})`),
    tie("expr").map((e) => `-${e}`),
    tie("expr").map((e) => `${e}%`),
  ),
})).expr;
const hostileExpressions = fc.oneof(
  fc.integer({ min: 1, max: 100 }).map((n) => `${"(".repeat(n)}1${")".repeat(n)}`),
  fc.integer({ min: 1, max: 100 }).map((n) => `${"(".repeat(n)}1`),
  fc.integer({ min: 1, max: 60 }).map((n) => Array.from({ length: n }, () => "9").join("^")),
  fc.integer({ min: 1, max: 60 }).map((n) => `2${"^99".repeat(n)}`),
  fc.integer({ min: 1, max: 40 }).map((n) => `${"999999999t*".repeat(n)}1`),
  fc.integer({ min: 1, max: 60 }).map((n) => `1${"/3".repeat(n)}`),
  fc.integer({ min: 1, max: 90 }).map((n) => `${"-".repeat(n)}1`),
  fc.integer({ min: 1, max: 60 }).map((n) => `${"1%".repeat(n)}`),
  fc.integer({ min: 1, max: 60 }).map((n) => `0.000000001${"^2".repeat(n)}`),
  fc.string({ maxLength: 260 }),
);

describe("the calculator and number parsers, fuzzed", () => {
  it("evaluates any text: terminates, throws only CalcError, ≤ 10 ms each, bounded answer", () => {
    const timing = timer();
    const inputs = [
      ...fc.sample(expressionArbitrary, { seed: seed + 3, numRuns: 4000 }),
      ...fc.sample(hostileExpressions, { seed: seed + 4, numRuns: 1000 }),
    ];
    let answered = 0;
    for (const input of inputs) {
      const line = timing.time(input, () => {
        try {
          return describeResult(evaluateExpression(input).value);
        } catch (error) {
          if (error instanceof CalcError) return null;
          throw new Error(`${JSON.stringify(input)} threw ${String(error)}`);
        }
      });
      if (line !== null) {
        answered++;
        // 2^256 has 78 digits: the answer line (with thousands commas and decimals) stays short.
        expect(line.length, input).toBeLessThanOrEqual(300);
      }
      const message = timing.time(input, () => expressionInMessage(input));
      if (message) expect(describeResult(message.value).length).toBeLessThanOrEqual(300);
    }
    expect(answered).toBeGreaterThan(inputs.length / 10);
    expectBoundedTime("calculator", timing);
  });

  it("amounts, durations and timer lengths: any text terminates quickly with a number or null", () => {
    const timing = timer();
    const text = fc.oneof(
      expressionArbitrary,
      fc.string({ maxLength: 300 }),
      fc
        .array(
          fc.tuple(
            fc.nat({ max: 99999 }),
            fc.constantFrom("s", "m", "h", "d", "w", "y", "sec", "min", "hours", " days", "mo", ""),
          ),
          { maxLength: 30 },
        )
        .map((parts) => parts.map(([n, unit]) => `${n}${unit}`).join(" ")),
      fc.integer({ min: 1, max: 5000 }).map((n) => "1".repeat(n)),
      fc.integer({ min: 1, max: 2000 }).map((n) => "1d ".repeat(n)),
    );
    for (const input of fc.sample(text, { seed: seed + 5, numRuns: 3000 })) {
      const amount = timing.time(input, () => parseAmount(input));
      expect(amount === null || Number.isFinite(amount), input).toBe(true);
      const duration = timing.time(input, () => parseDuration(input));
      expect(duration === null || Number.isFinite(duration), input).toBe(true);
      const seconds = timing.time(input, () => parseTimerSeconds(input));
      expect(seconds === null || Number.isFinite(seconds), input).toBe(true);
    }
    expectBoundedTime("amount and duration parsers", timing);
  });
});
