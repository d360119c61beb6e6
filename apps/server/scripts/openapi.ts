// `npm run openapi`: the API's OpenAPI document, examples included, without starting the server.
// Builds the app on a fresh sandbox with the demo server (a temporary SQLite file), calls every
// operation with valid input generated from its schemas (test/contract/operations.ts, as the
// contract test does), keeps each one's first 2xx as its example, and writes:
//   apps/server/dist/openapi-examples.json   the examples the running server adds to /api/openapi.json
//   <--out file>                            the whole document (default: openapi.json here)
// `--examples-only` writes only the first (what `npm start` does when they are stale).
import fs from "node:fs";
import path from "node:path";
import { addExamples, openApiExamplesFile } from "../src/http/openapi-examples.ts";
import { operationsOf, startContractApp, walkOperations } from "../test/contract/operations.ts";

const args = process.argv.slice(2);
const option = (name: string) => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
};
const examplesOnly = args.includes("--examples-only");
// npm runs workspace scripts in the workspace's folder; a relative --out is the caller's.
const out = path.resolve(process.env.INIT_CWD ?? process.cwd(), option("--out") ?? "openapi.json");

const started = performance.now();
const app = await startContractApp();
try {
  const document = (await app.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
  const operations = operationsOf(app, document);
  const examples = await walkOperations(app, operations, () => {}, { refusals: false });
  fs.mkdirSync(path.dirname(openApiExamplesFile), { recursive: true });
  fs.writeFileSync(openApiExamplesFile, `${JSON.stringify(Object.fromEntries(examples), null, 2)}\n`);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.error(
    `openapi: examples for ${examples.size} of ${operations.length} operations from the demo server in ${seconds} s -> ${path.relative(process.cwd(), openApiExamplesFile)}`,
  );
  if (!examplesOnly) {
    addExamples(document, app.app.routeTable, examples);
    fs.writeFileSync(out, `${JSON.stringify(document, null, 2)}\n`);
    console.error(`openapi: the document (OpenAPI ${document.openapi}) -> ${out}`);
  }
} finally {
  await app.cleanup();
}
