import { spawn } from "node:child_process";
import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import { fileURLToPath } from "node:url";

// The bare node:http baselines the API benches compare against (harness.ts runs the comparison):
// a server answering one fixed JSON body, the ceiling for this machine, in this process or its own.

/** Headers node:http writes itself; the rest of an answer's headers are copied to the baseline. */
const transportHeaders = new Set(["date", "connection", "keep-alive", "content-length", "transfer-encoding"]);

/**
 * A bare node:http server writing the same answer as the server under test: the same body and,
 * given `like`, the same header lines (so the comparison measures the framework, not what the
 * answer carries — every header line costs throughput on small answers).
 */
export async function startBareServer(
  body: string,
  like?: Headers,
): Promise<{ url: string; headerCount: number; close(): Promise<void> }> {
  const headers = bareHeaders(body, like);
  const server = http.createServer((_request, response) => {
    response.writeHead(200, headers);
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    headerCount: Object.keys(headers).length,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The header lines of the bare answer: the JSON content type, and given `like`, the answer's own. */
export function bareHeaders(body: string, like?: Headers): Record<string, string | number> {
  const headers: Record<string, string | number> = { "content-type": "application/json; charset=utf-8" };
  for (const [name, value] of like ?? []) if (!transportHeaders.has(name)) headers[name] = value;
  headers["content-length"] = Buffer.byteLength(body);
  return headers;
}

/**
 * The bare baseline in a process of its own (bare-server.ts, plain Node, nothing else loaded): the
 * fair ceiling for a server that also runs in its own process, as `npm start` runs Hearth.
 */
export async function startBareServerProcess(
  body: string,
  like?: Headers,
): Promise<{ url: string; pid: number; headerCount: number; close(): Promise<void> }> {
  const headers = bareHeaders(body, like);
  const child = spawn(process.execPath, [fileURLToPath(new URL("./bare-server.ts", import.meta.url))], {
    env: { ...process.env, BARE_BODY: body, BARE_HEADERS: JSON.stringify(headers) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const [line] = (await once(createInterface({ input: child.stdout as Readable }), "line")) as [string];
  const port = Number(/^listening on (\d+)$/.exec(line)?.[1]);
  if (!port || !child.pid) throw new Error(`the bare server did not start: ${line}`);
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    headerCount: Object.keys(headers).length,
    close: async () => {
      const exited = once(child, "exit");
      child.kill("SIGTERM");
      await exited;
    },
  };
}
