/** Conditions of `{if(condition):text}`: parsed once at compile time, evaluated per render. */
import {
  lookupTemplateVariable,
  type TemplateContext,
  type TemplateValue,
  type TemplateVariable,
} from "./variables.ts";

type Operand = { readonly variable: TemplateVariable } | { readonly literal: string | number };
type Operator = "==" | "!=" | ">" | ">=" | "<" | "<=";

export interface Condition {
  readonly negate: boolean;
  readonly left: Operand;
  readonly operator: Operator | null;
  readonly right: Operand | null;
}

const pathPattern = /^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*$/;
const numberPattern = /^-?\d+(?:\.\d+)?$/;

// Written so no two quantifiers compete for the same characters: matching stays linear.
const conditionPattern =
  /^\s*(?:(!)\s*)?("[^"]*"|'[^']*'|[^\s=!<>"']+)\s*(?:(==|!=|>=|<=|=|>|<)\s*("[^"]*"|'[^']*'|[^\s=!<>"']+)\s*)?$/;

export function parseCondition(text: string): Condition | null {
  const match = conditionPattern.exec(text);
  if (!match) return null;
  const [, bang, leftText, operatorText, rightText] = match;
  const left = parseOperand(leftText as string, false);
  if (!left) return null;
  if (operatorText === undefined) {
    // A condition on its own must be a variable: a typo'd name would otherwise always be true.
    if (!("variable" in left)) return null;
    return { negate: bang === "!", left, operator: null, right: null };
  }
  const right = parseOperand(rightText as string, true);
  if (!right) return null;
  const operator = (operatorText === "=" ? "==" : operatorText) as Operator;
  return { negate: bang === "!", left, operator, right };
}

function parseOperand(text: string, allowBareWord: boolean): Operand | null {
  const first = text.charCodeAt(0);
  if (first === 34 || first === 39) return { literal: text.slice(1, -1) };
  if (numberPattern.test(text)) return { literal: Number(text) };
  const variable = pathPattern.test(text) ? lookupTemplateVariable(text) : undefined;
  if (variable) return { variable };
  // A bare word compares as text, but a dotted name that isn't a variable is surely a typo.
  if (allowBareWord && !text.includes(".")) return { literal: text };
  return null;
}

function operandValue(operand: Operand, context: TemplateContext): TemplateValue {
  return "variable" in operand ? operand.variable.raw(context) : operand.literal;
}

function asNumber(value: TemplateValue): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "string" && numberPattern.test(value.trim())) return Number(value);
  return null;
}

export function holds(condition: Condition, context: TemplateContext): boolean {
  const left = operandValue(condition.left, context);
  let result: boolean;
  if (condition.operator === null || condition.right === null) {
    result = typeof left === "number" ? left !== 0 : left !== null && left.trim() !== "";
  } else {
    const right = operandValue(condition.right, context);
    const a = asNumber(left);
    const b = asNumber(right);
    const numeric = a !== null && b !== null;
    switch (condition.operator) {
      case "==":
      case "!=": {
        const equal = numeric
          ? a === b
          : String(left ?? "").toLowerCase() === String(right ?? "").toLowerCase();
        result = condition.operator === "==" ? equal : !equal;
        break;
      }
      case ">":
        result = numeric && a > b;
        break;
      case ">=":
        result = numeric && a >= b;
        break;
      case "<":
        result = numeric && a < b;
        break;
      case "<=":
        result = numeric && a <= b;
        break;
    }
  }
  return condition.negate ? !result : result;
}
