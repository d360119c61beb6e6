import fs from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * The examples of the OpenAPI document: each operation's request body and 2xx answer, taken from
 * the demo server by `npm run openapi` (apps/server/scripts/openapi.ts calls every operation on a
 * fresh sandbox and keeps its first 2xx), so `/api/docs` shows real shapes, not hand-typed ones.
 * `npm start` writes them when they are missing or older than the sources.
 */

/** An operation's example: a request body and a 2xx answer. */
export interface OperationExample {
  request?: unknown;
  response?: { status: number; body: unknown };
}

/** Where `npm run openapi` writes the examples and the server reads them (the build's folder, not committed). */
export const openApiExamplesFile = fileURLToPath(
  new URL("../../dist/openapi-examples.json", import.meta.url),
);

/** The examples by `METHOD /route`; none when the file is missing or unreadable (the document is complete without). */
export function loadOpenApiExamples(file = openApiExamplesFile): Map<string, OperationExample> {
  try {
    return new Map(
      Object.entries(JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, OperationExample>),
    );
  } catch {
    return new Map();
  }
}

export type DocumentOperation = {
  requestBody?: { content?: Record<string, { example?: unknown }> };
  responses?: Record<
    string,
    {
      description?: string;
      headers?: Record<string, unknown>;
      content?: Record<string, { schema?: unknown; example?: unknown }>;
    }
  >;
};

/** Puts each operation's examples into the document (its JSON request body and the answer's status). */
export function addExamples(
  document: { paths?: Record<string, Record<string, DocumentOperation>> },
  routes: readonly { method: string; url: string }[],
  examples: ReadonlyMap<string, OperationExample>,
): void {
  for (const route of routes) {
    const example = examples.get(`${route.method} ${route.url}`);
    const operation = document.paths?.[route.url.replace(/:(\w+)/g, "{$1}")]?.[route.method.toLowerCase()];
    if (!example || !operation) continue;
    const requestMedia = operation.requestBody?.content?.["application/json"];
    if (requestMedia && example.request !== undefined) requestMedia.example = example.request;
    const answer = example.response;
    const media = answer && operation.responses?.[String(answer.status)]?.content?.["application/json"];
    if (media && answer.body !== undefined) media.example = answer.body;
  }
}
