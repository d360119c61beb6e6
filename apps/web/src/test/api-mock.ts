import { vi } from "vitest";

export type MockAnswer = { status?: number; body?: unknown; headers?: Record<string, string> } | undefined;
export type MockHandler = (url: URL, init: RequestInit | undefined) => MockAnswer | Promise<MockAnswer>;

/**
 * Replaces fetch with a handler keyed by path; an unhandled path answers 404 like the server.
 * Answers with `/health` ok unless the handler says otherwise. Returns the spy to inspect calls.
 */
export function mockApi(handler: MockHandler) {
  const spy = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), "http://hearth.test");
    let answer = await handler(url, init);
    if (!answer && url.pathname === "/health") {
      answer = { body: { status: "ok", database: "ok", uptimeSeconds: 1, version: "test" } };
    }
    const status = answer?.status ?? (answer ? 200 : 404);
    const body =
      answer?.body ??
      (answer ? undefined : { error: "Not Found", message: `Route ${url.pathname} not found` });
    return new Response(status === 204 || body === undefined ? null : JSON.stringify(body), {
      status,
      statusText: status === 200 ? "OK" : status === 404 ? "Not Found" : "Error",
      headers: { "content-type": "application/json", ...answer?.headers },
    });
  });
  vi.stubGlobal("fetch", spy);
  return spy;
}

/** A routing table for mockApi: exact paths (with or without the query) to answers. */
export function routesOf(table: Record<string, MockAnswer | ((url: URL, init?: RequestInit) => MockAnswer)>) {
  return (url: URL, init: RequestInit | undefined): MockAnswer => {
    const entry = table[`${url.pathname}${url.search}`] ?? table[url.pathname];
    return typeof entry === "function" ? entry(url, init) : entry;
  };
}
