import {
  compileUncached,
  defaultWelcomeConfig,
  exampleTemplateContext,
  renderTemplate,
  renderWelcomeMessage,
} from "@hearth/core";

const runMs = 2000;

/** Calls `work` in batches for about `runMs` (after a warm-up) and answers calls per second. */
function rate(work: () => void): number {
  for (let index = 0; index < 10_000; index++) work();
  let calls = 0;
  const started = performance.now();
  let elapsed = 0;
  while (elapsed < runMs) {
    for (let index = 0; index < 1000; index++) work();
    calls += 1000;
    elapsed = performance.now() - started;
  }
  return (calls / elapsed) * 1000;
}

function print(name: string, perSecond: number): void {
  console.log(`  ${name.padEnd(52)} ${Math.round(perSecond).toLocaleString("en-US").padStart(12)} renders/s`);
}

/**
 * Rendering rate of the default welcome template (title + description) for a sample member: the
 * cached path the bot takes on every join, the cold path (parse every time), and the whole message.
 */
export async function benchTemplate(): Promise<void> {
  const context = exampleTemplateContext(Date.now());
  const { title, description } = defaultWelcomeConfig.embed;
  let sink = 0;
  console.log("Template language (default welcome, sample member)");
  print(
    "title + description, compiled once (cached)",
    rate(() => {
      sink += renderTemplate(title, context).length + renderTemplate(description, context).length;
    }),
  );
  print(
    "title + description, parsed every time (cold)",
    rate(() => {
      sink +=
        renderTemplate(compileUncached(title), context).length +
        renderTemplate(compileUncached(description), context).length;
    }),
  );
  print(
    "whole welcome message (all fields, limits, button)",
    rate(() => {
      sink += renderWelcomeMessage(defaultWelcomeConfig, context).embed.title.length;
    }),
  );
  if (sink === 0) console.log("(nothing rendered)");
}

if (import.meta.url === `file://${process.argv[1]}`) await benchTemplate();
