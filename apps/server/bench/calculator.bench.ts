import { describeResult, evaluateExpression, expressionInMessage } from "@hearth/core";

const runMs = 2000;

/** Calls `work` for about `runMs` after a warm-up and answers calls per second. */
function rate(work: () => void): number {
  for (let index = 0; index < 5000; index++) work();
  let calls = 0;
  const started = performance.now();
  let elapsed = 0;
  while (elapsed < runMs) {
    for (let index = 0; index < 500; index++) work();
    calls += 500;
    elapsed = performance.now() - started;
  }
  return (calls / elapsed) * 1000;
}

const expressions = [
  "1.5m*3",
  "(250k+1.2m)/4",
  "15% of 2b",
  "2b - 10%",
  "1,500,000 / 3",
  "(12.5m + 3*450k - 2^10) / 7",
];
const chat = ["gg", "lol nice one", "1.5m", "anyone up for a heist?", "2-1", "(250k+1.2m)/4"];

function print(name: string, perSecond: number, unit: string): void {
  console.log(`  ${name.padEnd(52)} ${Math.round(perSecond).toLocaleString("en-US").padStart(12)} ${unit}/s`);
}

/**
 * The calculator's rate on one core: exact evaluation and the formatted answer line of typical
 * expressions, and the chat filter every message passes while the Calculator switch is on.
 */
export async function benchCalculator(): Promise<void> {
  let sink = 0;
  let next = 0;
  console.log("Calculator (exact rationals, one core)");
  print(
    "evaluate + format a typical expression",
    rate(() => {
      const expression = expressions[next++ % expressions.length] ?? "";
      sink += describeResult(evaluateExpression(expression).value).length;
    }),
    "expressions",
  );
  print(
    "chat filter (mixed chat and sums)",
    rate(() => {
      sink += expressionInMessage(chat[next++ % chat.length] ?? "") ? 1 : 0;
    }),
    "messages",
  );
  if (sink < 0) console.log(sink);
}
