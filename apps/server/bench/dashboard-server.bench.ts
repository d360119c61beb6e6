import { createTestApp } from "../test/helpers.ts";
import { compareWithBaseline, startBareServer } from "./harness.ts";

/**
 * GET /api/dashboard/server with a token (auth lookup, guild read, owner read, zod serialisation)
 * against a bare node:http server writing the same answer (same JSON, same header lines, security
 * headers included). Target: ratio >= 0.5.
 */
export async function benchDashboardServer(): Promise<{ ratio: number }> {
  const t = await createTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const address = t.app.server.address();
  const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  const headers = { authorization: t.token };
  const answer = await fetch(`${url}/api/dashboard/server`, { headers });
  const body = await answer.text();
  const bare = await startBareServer(body, answer.headers);

  console.log(
    `\nGET /api/dashboard/server (token auth, SQLite, sandbox Discord) vs bare node:http writing the same ${bare.headerCount} headers and body`,
  );
  const { target, ratio } = await compareWithBaseline(
    "Hearth API  GET /api/dashboard/server",
    { url: `${url}/api/dashboard/server`, headers },
    `${bare.url}/`,
  );
  if (target.non2xx > 0 || target.errors > 0) console.log("  warning: the Hearth run had failed requests");

  await bare.close();
  await t.cleanup();
  return { ratio };
}
