import { CalcError, type Evaluation, evaluateExpression, maxExpressionLength } from "./parse.ts";

/**
 * Whether a chat message is a sum to answer (the calculator switch), and its value. A message is
 * answered only when it is nothing but an expression with at least one operator: `1.5m*3`,
 * `(250k+1.2m)/4`, `15% of 2b`, `2b - 10%`. Left alone: plain numbers and percentages (`1.5m`, `500`, `15%`), anything
 * with other words, and the chat shapes `a-b` and `a/b` of two plain whole numbers (scores like
 * `2-1`, ratings like `9/10`, `24/7`), which are answered only when written with a suffix, decimal
 * or comma (`1m/4`). One trailing `=` or `?` is allowed (`1.5m*3=`).
 */
export function expressionInMessage(content: string): Evaluation | null {
  const text = content.trim().replace(/\s*[=?]$/, "");
  if (text.length === 0 || text.length > maxExpressionLength) return null;
  // Cheap refusal of ordinary chat before parsing: only characters an expression can hold.
  if (!/^[\d\s.,kmbtx×÷*/^%()+\-−of]+$/i.test(text) || !/\d/.test(text)) return null;
  let evaluation: Evaluation;
  try {
    evaluation = evaluateExpression(text);
  } catch (error) {
    if (error instanceof CalcError) return null;
    throw error;
  }
  const { shape } = evaluation;
  // A lone number or percentage (`1.5m`, `15%`) is chat, not a sum.
  if (shape.operators.length === 0) return null;
  const chatShaped =
    shape.operators.length === 1 &&
    (shape.operators[0] === "-" || shape.operators[0] === "/") &&
    !shape.formatted &&
    !shape.percent &&
    !shape.parentheses &&
    !shape.unaryMinus;
  return chatShaped ? null : evaluation;
}
