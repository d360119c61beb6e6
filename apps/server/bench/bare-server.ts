// The bare baseline in a process of its own (bare-baseline.ts `startBareServerProcess`): node:http writing
// one fixed answer, nothing else loaded (run by Node itself, types stripped, no loader). The body and
// header lines come from the environment; the port it listens on is its first line of output.
import http from "node:http";
import type { AddressInfo } from "node:net";

const body = process.env.BARE_BODY ?? "";
const headers = JSON.parse(process.env.BARE_HEADERS ?? "{}") as Record<string, string | number>;
const server = http.createServer((_request, response) => {
  response.writeHead(200, headers);
  response.end(body);
});
server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`listening on ${(server.address() as AddressInfo).port}\n`);
});
process.on("SIGTERM", () => process.exit(0));
