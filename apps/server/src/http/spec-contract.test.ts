import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/helpers.ts";

// Every call of the spec's tables (dashboard-and-api.md §7 and the public calls of site-and-docs.md
// §7), as "METHOD path" with the spec's {params}. The dashboard and site are written against these.
const specCalls = [
  "GET /health",
  "GET /api/stats",
  "GET /api/ping",
  "GET /api/dashboard/token-info",
  "POST /api/dashboard/access",
  "GET /api/dashboard/server",
  "GET /api/dashboard/channels",
  "GET /api/dashboard/roles",
  "GET /api/welcome/config",
  "PUT /api/welcome/config",
  "POST /api/welcome/preview",
  "POST /api/welcome/test",
  "GET /api/welcome/channels",
  "POST /api/welcome/toggle",
  "POST /api/welcome/reset",
  "GET /api/welcome/ping-on-join",
  "PUT /api/welcome/ping-on-join",
  "POST /api/welcome/ping-on-join/channels",
  "DELETE /api/welcome/ping-on-join/channels/{channelId}",
  "POST /api/welcome/ping-on-join/toggle",
  "GET /api/server/{serverId}/setup/exists",
  "GET /api/server/{serverId}/setup",
  "PUT /api/server/{serverId}/setup",
  "POST /api/server/{serverId}/setup/tiers",
  "DELETE /api/server/{serverId}/setup/tiers/{tier}",
  "GET /api/grinders/{serverId}/grinders",
  "POST /api/grinders/{serverId}/grinders",
  "DELETE /api/grinders/{serverId}/grinders/{id}",
  "PUT /api/grinders/{serverId}/grinders/{id}/break",
  "GET /api/grinders/{serverId}/grinders/paid",
  "GET /api/grinders/{serverId}/grinders/unpaid",
  "POST /api/grinders/{serverId}/grinders/dm-paid",
  "POST /api/grinders/{serverId}/grinders/dm-unpaid",
  "POST /api/timers/{serverId}/timers",
  "GET /api/settings/fetch",
  "PUT /api/settings/edit",
  "GET /api/discovery",
  "GET /api/discovery/search",
  "GET /api/discovery/{id}",
  "PUT /api/discovery/{id}",
  "DELETE /api/discovery/{id}",
  "POST /api/discovery",
  "PUT /api/discovery/{id}/toggle",
  "GET /api/giveaways",
  "GET /api/giveaways/{serverId}",
  "GET /api/giveaways/{serverId}/{giveawayId}",
  "GET /api/giveaways/{serverId}/{giveawayId}/participants",
  "GET /api/giveaways/x/winners/{id}",
  "GET /api/giveaways/bb/stats/{id}",
  "GET /api/giveaways/y/config/{id}",
  "PUT /api/giveaways/y/config/{id}",
  "DELETE /api/giveaways/y/config/{id}",
  "POST /api/giveaways/create",
  "PUT /api/giveaways/{serverId}/{giveawayId}/end",
  "POST /api/giveaways/{serverId}/{giveawayId}/reroll",
  "DELETE /api/giveaways/{serverId}/{giveawayId}",
  "GET /api/statica/fetch",
  "GET /api/statica/server-roles",
  "GET /api/statica/stats",
  "POST /api/statica/create",
  "PUT /api/statica/update",
  "PUT /api/statica/toggle",
  "DELETE /api/statica/delete",
];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.cleanup());

/** "/api/x/:a/:b" → "/api/x/{}/{}", so the spec's parameter names needn't match ours. */
const shape = (path: string) => path.replace(/[:{]\w+\}?/g, "{}");

describe("the spec's call tables", () => {
  it("every call is a registered route", () => {
    const registered = new Set(t.app.routeTable.map((route) => `${route.method} ${shape(route.url)}`));
    const missing = specCalls.filter((call) => {
      const [method, path] = call.split(" ");
      return !registered.has(`${method} ${shape(path ?? "")}`);
    });
    expect(missing).toEqual([]);
  });

  it("every call is in the OpenAPI document", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => `${method.toUpperCase()} ${shape(path)}`),
      ),
    );
    const missing = specCalls.filter((call) => {
      const [method, path] = call.split(" ");
      return !documented.has(`${method} ${shape(path ?? "")}`);
    });
    expect(missing).toEqual([]);
  });
});
