import { createTestApp } from "../test/helpers.ts";
import { load } from "./harness.ts";

const t = await createTestApp();
await t.app.listen({ port: 0, host: "127.0.0.1" });
const a = t.app.server.address();
const url = `http://127.0.0.1:${typeof a === "object" && a ? a.port : 0}`;
console.log(
  "server",
  (await load(`${url}/api/dashboard/server`, { authorization: t.token })).requestsPerSecond,
);
console.log("ping", (await load(`${url}/api/ping`)).requestsPerSecond);
console.log("health", (await load(`${url}/health`)).requestsPerSecond);
await t.cleanup();
