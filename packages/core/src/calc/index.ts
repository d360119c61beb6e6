export { type BankSplit, BankSplitError, type BankSplitInput, type OrganiserCut, splitBank } from "./bank.ts";
export { describeResult, type FormattedAmount, formatRational } from "./format.ts";
export { expressionInMessage } from "./message.ts";
export {
  CalcError,
  calculate,
  type Evaluation,
  type ExpressionShape,
  evaluateExpression,
  maxExpressionLength,
} from "./parse.ts";
export type { Rational } from "./rational.ts";
export * as rationals from "./rational.ts";
