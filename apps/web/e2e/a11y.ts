import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { expect } from "vitest";

const require = createRequire(import.meta.url);
let axeSource: Promise<string> | undefined;

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/** The impacts that fail a test; "minor" and "moderate" findings are left to review. */
const failing = new Set(["serious", "critical"]);

/**
 * Runs axe-core (the page gets its source through the DevTools protocol, so the site's CSP doesn't
 * stand in the way) on the page or the part `selector` names, and answers the serious and critical
 * violations.
 */
export async function axeViolations(page: Page, selector?: string): Promise<AxeViolation[]> {
  axeSource ??= readFile(require.resolve("axe-core/axe.min.js"), "utf8");
  const source = await axeSource;
  const loaded = await page.evaluate(() => "axe" in window);
  if (!loaded) await page.evaluate(source);
  const violations = await page.evaluate(async (scope) => {
    const axe = (
      window as unknown as {
        axe: { run: (context: unknown, options: unknown) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const context = scope ? { include: [scope] } : document;
    const result = await axe.run(context, { resultTypes: ["violations"] });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      helpUrl: violation.helpUrl,
      nodes: violation.nodes.map((node) => ({ target: node.target, failureSummary: node.failureSummary })),
    }));
  }, selector ?? null);
  return violations.filter((violation) => failing.has(violation.impact ?? ""));
}

/** Fails the test on serious or critical accessibility violations, listing each with where it is. */
export async function expectNoAxeViolations(page: Page, selector?: string): Promise<void> {
  const violations = await axeViolations(page, selector);
  const report = violations.map(
    (violation) =>
      `${violation.impact} ${violation.id}: ${violation.help}\n` +
      violation.nodes
        .slice(0, 5)
        .map((node) => `  at ${JSON.stringify(node.target)}: ${node.failureSummary ?? ""}`)
        .join("\n"),
  );
  expect(report, `axe found serious or critical violations${selector ? ` in ${selector}` : ""}`).toEqual([]);
}
