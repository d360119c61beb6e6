import { createTestApp } from "../test/helpers.ts";
import { load, printLoad, startBareServer } from "./harness.ts";

/**
 * GET /api/dashboard/server with a token (auth lookup, guild read, owner read, zod serialisation)
 * against a bare node:http server answering the same JSON. Target: ratio >= 0.5.
 */
export async function benchDashboardServer(): Promise<{ ratio: number }> {
  const t = await createTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const address = t.app.server.address();
  const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  const headers = { authorization: t.token };
  const body = await (await fetch(`${url}/api/dashboard/server`, { headers })).text();
  const bare = await startBareServer(body);

  console.log("\nGET /api/dashboard/server (token auth, SQLite, sandbox Discord) vs bare node:http");
  // Warm both up so JIT and caches are comparable, then measure one after the other.
  await fetch(`${bare.url}/`);
  const hearth = await load(`${url}/api/dashboard/server`, headers);
  printLoad("Hearth API  GET /api/dashboard/server", hearth);
  const baseline = await load(`${bare.url}/`);
  printLoad("bare node:http, same JSON", baseline);
  const ratio = hearth.requestsPerSecond / baseline.requestsPerSecond;
  console.log(`  ratio ${ratio.toFixed(2)} (target >= 0.50) ${ratio >= 0.5 ? "met" : "NOT MET"}`);
  if (hearth.non2xx > 0 || hearth.errors > 0) console.log("  warning: the Hearth run had failed requests");

  await bare.close();
  await t.cleanup();
  return { ratio };
}
