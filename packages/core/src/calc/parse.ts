import { groupsThousands } from "../format/amount.ts";
import { maxExpressionLength } from "../limits/community.ts";
import {
  add,
  bitLength,
  div,
  hundredth,
  isInteger,
  isZero,
  mul,
  neg,
  one,
  pow,
  type Rational,
  rational,
  sub,
} from "./rational.ts";

export { maxExpressionLength };

/** Digits in one number, suffix excluded. */
const maxNumberDigits = 30;
/** Numerators and denominators stay under 2^256 (about 1.2e77): every step is fast and bounded. */
const maxBits = 256;

/**
 * A mistake in an expression: what is wrong and where (1-based column, the first character that
 * doesn't fit). The only error `evaluateExpression` throws.
 */
export class CalcError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(`${message} (at position ${position})`);
    this.name = "CalcError";
  }
}

type TokenKind = "number" | "op" | "(" | ")" | "%" | "end";
interface Token {
  kind: TokenKind;
  /** The operator (`+ - * / ^ of`), or the number's text. */
  text: string;
  /** 1-based column. */
  position: number;
  value?: Rational;
  suffixed?: boolean;
}

const suffixValues: Record<string, bigint> = { k: 10n ** 3n, m: 10n ** 6n, b: 10n ** 9n, t: 10n ** 12n };
const operatorAliases: Record<string, string> = { "*": "*", x: "*", "×": "*", "/": "/", "÷": "/" };

function readNumber(input: string, start: number): Token {
  const match = /^(\d[\d,]*(?:\.\d+)?|\.\d+)([kmbt](?![a-z]))?/i.exec(input.slice(start));
  if (!match?.[1]) throw new CalcError(`Unexpected "${input[start]}"`, start + 1);
  const [text, digits, suffix] = match as unknown as [string, string, string | undefined];
  const [whole = "", fraction = ""] = digits.split(".");
  if (!groupsThousands(whole)) {
    const comma = whole.search(/,(?!\d{3}(?:,|$))|^,/);
    throw new CalcError(
      `Commas only group thousands (1,500,000), so "${text}" is ambiguous; for a decimal use a point (1.5m)`,
      start + Math.max(comma, 0) + 1,
    );
  }
  const plain = whole.replaceAll(",", "") + fraction;
  if (plain.length > maxNumberDigits) throw new CalcError("Number too long", start + 1);
  let value = rational(BigInt(plain || "0"), 10n ** BigInt(fraction.length));
  if (suffix) value = mul(value, rational(suffixValues[suffix.toLowerCase()] ?? 1n));
  return { kind: "number", text, position: start + 1, value, suffixed: Boolean(suffix) };
}

function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < input.length) {
    const char = input[i] ?? "";
    if (/\s/.test(char)) {
      i++;
    } else if (/[\d.]/.test(char)) {
      const token = readNumber(input, i);
      tokens.push(token);
      i += token.text.length;
    } else if ("+-^".includes(char) || char === "−") {
      tokens.push({ kind: "op", text: char === "−" ? "-" : char, position: i + 1 });
      i++;
    } else if (operatorAliases[char.toLowerCase()] && !/[a-z]/i.test(input[i + 1] ?? "")) {
      tokens.push({ kind: "op", text: operatorAliases[char.toLowerCase()] ?? char, position: i + 1 });
      i++;
    } else if (/^of(?![a-z])/i.test(input.slice(i, i + 3))) {
      tokens.push({ kind: "op", text: "of", position: i + 1 });
      i += 2;
    } else if (char === "(" || char === ")" || char === "%") {
      tokens.push({ kind: char, text: char, position: i + 1 });
      i++;
    } else {
      const word = /^[a-z]+/i.exec(input.slice(i))?.[0];
      throw new CalcError(`Unexpected "${word ?? char}"`, i + 1);
    }
  }
  tokens.push({ kind: "end", text: "", position: input.length + 1 });
  return tokens;
}

/** What an expression is made of: the message listener uses it to tell sums from chat. */
export interface ExpressionShape {
  /** Binary operators used, in order (`of` included; `a+b%` counts as `+`). */
  operators: string[];
  numbers: number;
  /** Any number with a k/m/b/t suffix, a decimal point or a comma. */
  formatted: boolean;
  percent: boolean;
  parentheses: boolean;
  unaryMinus: boolean;
}

export interface Evaluation {
  value: Rational;
  shape: ExpressionShape;
}

interface Operand {
  value: Rational;
  /** A percentage written last (`15%`): `a + 15%` means a plus 15% of a. */
  percent: boolean;
}

class Parser {
  private index = 0;
  readonly shape: ExpressionShape = {
    operators: [],
    numbers: 0,
    formatted: false,
    percent: false,
    parentheses: false,
    unaryMinus: false,
  };

  constructor(private readonly tokens: Token[]) {}

  /** A method, not a getter: TypeScript would otherwise keep a narrowed kind across `index++`. */
  private current(): Token {
    return this.tokens[this.index] as Token;
  }

  private checked(value: Rational, position: number): Rational {
    if (bitLength(value.n) > maxBits || bitLength(value.d) > maxBits) {
      throw new CalcError("The result is too large to work with", position);
    }
    return value;
  }

  parse(): Rational {
    if (this.current().kind === "end") throw new CalcError("Nothing to calculate", 1);
    const { value } = this.additive();
    if (this.current().kind !== "end") this.unexpected();
    return value;
  }

  private unexpected(): never {
    const token = this.current();
    if (token.kind === "end") throw new CalcError("The expression ends too early", token.position);
    if (token.kind === "number")
      throw new CalcError(`Missing an operator before "${token.text}"`, token.position);
    throw new CalcError(`Unexpected "${token.text}"`, token.position);
  }

  private additive(): Operand {
    let left = this.multiplicative();
    while (this.current().kind === "op" && (this.current().text === "+" || this.current().text === "-")) {
      const op = this.current();
      this.index++;
      const right = this.multiplicative();
      this.shape.operators.push(op.text);
      // "2b - 10%" is 2b less 10% of 2b, as on a pocket calculator.
      const amount = right.percent ? mul(left.value, right.value) : right.value;
      const value = op.text === "+" ? add(left.value, amount) : sub(left.value, amount);
      left = { value: this.checked(value, op.position), percent: false };
    }
    return left;
  }

  private multiplicative(): Operand {
    let left = this.unary();
    while (this.current().kind === "op" && ["*", "/", "of"].includes(this.current().text)) {
      const op = this.current();
      this.index++;
      const right = this.unary();
      this.shape.operators.push(op.text);
      if (op.text === "/" && isZero(right.value)) throw new CalcError("Division by zero", op.position);
      const value = op.text === "/" ? div(left.value, right.value) : mul(left.value, right.value);
      left = { value: this.checked(value, op.position), percent: false };
    }
    return left;
  }

  private unary(): Operand {
    const token = this.current();
    if (token.kind === "op" && (token.text === "-" || token.text === "+")) {
      this.index++;
      const operand = this.unary();
      if (token.text === "+") return operand;
      this.shape.unaryMinus = true;
      return { value: neg(operand.value), percent: operand.percent };
    }
    return this.power();
  }

  private power(): Operand {
    const base = this.postfix();
    if (this.current().kind !== "op" || this.current().text !== "^") return base;
    const op = this.current();
    this.index++;
    const exponent = this.unary();
    this.shape.operators.push("^");
    return { value: this.raise(base.value, exponent.value, op.position), percent: false };
  }

  private raise(base: Rational, exponent: Rational, position: number): Rational {
    if (!isInteger(exponent)) throw new CalcError("Powers must be whole numbers", position + 1);
    const e = exponent.n < 0n ? -exponent.n : exponent.n;
    if (isZero(base)) {
      if (exponent.n < 0n) throw new CalcError("Division by zero", position);
      return exponent.n === 0n ? one : base;
    }
    // Size before computing: 2^1000000 must be refused without being built.
    const bits = Math.max(bitLength(base.n), bitLength(base.d)) - 1;
    if (e > 100_000n || (bits > 0 && BigInt(bits) * e > BigInt(maxBits))) {
      throw new CalcError("The result is too large to work with", position);
    }
    return this.checked(pow(base, exponent.n), position);
  }

  private postfix(): Operand {
    let operand = this.primary();
    while (this.current().kind === "%") {
      this.index++;
      this.shape.percent = true;
      operand = { value: mul(operand.value, hundredth), percent: true };
    }
    return operand;
  }

  private primary(): Operand {
    const token = this.current();
    if (token.kind === "number" && token.value) {
      this.index++;
      this.shape.numbers++;
      if (token.suffixed || /[.,]/.test(token.text)) this.shape.formatted = true;
      return { value: token.value, percent: false };
    }
    if (token.kind === "(") {
      this.index++;
      this.shape.parentheses = true;
      const inner = this.additive();
      if (this.current().kind !== ")") {
        if (this.current().kind === "end") throw new CalcError('Missing ")"', this.current().position);
        this.unexpected();
      }
      this.index++;
      return inner;
    }
    return this.unexpected();
  }
}

/**
 * Evaluates an expression exactly: numbers (`1,500`, `2.5`, `1.5m`, `3B`, `.5k`), `+ - * / ^`
 * (`x` and `×` multiply), parentheses, unary minus, `%` as a percentage (`15%` is 0.15; `a + 15%`
 * and `a - 15%` add or take 15% of `a`), and `of` (`15% of 2b`). Throws only `CalcError`.
 */
export function evaluateExpression(input: string): Evaluation {
  if (input.length > maxExpressionLength) {
    throw new CalcError(`Too long: at most ${maxExpressionLength} characters`, maxExpressionLength + 1);
  }
  const parser = new Parser(tokenize(input));
  const value = parser.parse();
  return { value, shape: parser.shape };
}

/** `evaluateExpression(input).value`. */
export function calculate(input: string): Rational {
  return evaluateExpression(input).value;
}
