import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { channelId, owner, plainMembers, roleId } from "../../../test/fixtures/grinders.ts";
import { createTestApp, seedOtherGuild, type TestApp } from "../../../test/helpers.ts";
import { demoGuildId } from "../../discord/sandbox/demo-seed-data.ts";
import { listAudit } from "../audit/service.ts";
import { createDashboardToken } from "../auth/service.ts";
import { hireGrinder } from "../grinders/service.ts";

let t: TestApp;
let otherToken: string;
let otherGuildId: string;
let ids: Record<string, string>;
const url = `/api/server/${demoGuildId}/setup`;

beforeAll(async () => {
  t = await createTestApp();
  const other = await seedOtherGuild(t.ctx);
  otherGuildId = other.guildId;
  otherToken = (await createDashboardToken(t.ctx, { serverId: otherGuildId, permission: "owner" })).token;
  const roles = ["Grinder Manager", "Grinder", "Event Manager", "Events Ping", "Server Booster"];
  const tierRoles = ["Bronze", "Silver", "Gold", "Diamond", "Member", "Giveaway Ping"];
  ids = {
    ...Object.fromEntries(
      await Promise.all([...roles, ...tierRoles].map(async (name) => [name, await roleId(t.ctx, name)])),
    ),
    payments: await channelId(t.ctx, "payments"),
    logs: await channelId(t.ctx, "grinder-logs"),
    announcements: await channelId(t.ctx, "announcements", 5),
    tickets: await channelId(t.ctx, "Tickets", 4),
    lounge: await channelId(t.ctx, "Lounge", 2),
  };
});
afterAll(() => t.cleanup());
beforeEach(async () => {
  await t.ctx.storage.db.deleteFrom("grinders").execute();
  await t.ctx.storage.db.deleteFrom("server_tiers").execute();
  await t.ctx.storage.db.deleteFrom("server_setups").execute();
});

const inject = (method: "GET" | "POST" | "PUT" | "DELETE", path: string, payload?: object, token = t.token) =>
  t.app.inject({ method, url: path, headers: { authorization: token }, ...(payload ? { payload } : {}) });
const id = (name: string) => ids[name] as string;

function fullForm() {
  return {
    managerRoleId: id("Grinder Manager"),
    grinderBaseRoleId: id("Grinder"),
    paymentsChannelId: id("payments"),
    ticketCategoryId: id("tickets"),
    logChannelId: id("logs"),
    events: { manager: id("Event Manager"), pingRole: id("Events Ping") },
    grinders: { switchTierEnabled: true, switchTierCooldown: "12h", paymentPeriod: "biweekly" },
  };
}

describe("GET setup and exists", () => {
  it("answers defaults and exists=false for a server without a setup", async () => {
    expect((await inject("GET", `${url}/exists`)).json()).toEqual({ exists: false });
    const res = await inject("GET", url);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      managerRoleId: null,
      grinderBaseRoleId: null,
      paymentsChannelId: null,
      ticketCategoryId: null,
      logChannelId: null,
      events: { manager: null, pingRole: null },
      grinders: { switchTierEnabled: false, switchTierCooldown: "24h", paymentPeriod: "weekly" },
      tiers: [],
      payments: [],
      tierRoles: {},
    });
  });

  it("needs a token of this server", async () => {
    expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(401);
    expect((await inject("GET", url, undefined, otherToken)).statusCode).toBe(403);
    expect((await inject("GET", `/api/server/${otherGuildId}/setup/exists`)).statusCode).toBe(403);
    const own = await inject("GET", `/api/server/${otherGuildId}/setup`, undefined, otherToken);
    expect(own.json().tiers).toEqual([]);
  });
});

describe("PUT setup", () => {
  it("saves the whole form, answers it, and records an audit entry", async () => {
    const res = await inject("PUT", url, fullForm());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ...fullForm(), tiers: [], payments: [], tierRoles: {} });
    expect((await inject("GET", url)).json()).toEqual(res.json());
    expect((await inject("GET", `${url}/exists`)).json()).toEqual({ exists: true });
    const [entry] = await listAudit(t.ctx.storage.db, demoGuildId, 1);
    expect(entry?.action).toBe("setup.update");
    expect(entry?.summary).toMatchObject({ managerRoleId: { before: null, after: id("Grinder Manager") } });
  });

  it("keeps fields left out, clears ids set to null or empty, accepts announcement channels", async () => {
    await inject("PUT", url, fullForm());
    const res = await inject("PUT", url, {
      managerRoleId: null,
      logChannelId: "",
      paymentsChannelId: id("announcements"),
      grinders: { switchTierEnabled: false },
    });
    expect(res.json()).toMatchObject({
      managerRoleId: null,
      logChannelId: null,
      paymentsChannelId: id("announcements"),
      grinderBaseRoleId: id("Grinder"),
      events: { manager: id("Event Manager"), pingRole: id("Events Ping") },
      grinders: { switchTierEnabled: false, switchTierCooldown: "12h", paymentPeriod: "biweekly" },
    });
  });

  it.each([
    [{ paymentsChannelId: "lounge" }, "paymentsChannelId"],
    [{ paymentsChannelId: "tickets" }, "paymentsChannelId"],
    [{ logChannelId: "unknown" }, "logChannelId"],
    [{ logChannelId: "other" }, "logChannelId"],
    [{ ticketCategoryId: "payments" }, "ticketCategoryId"],
    [{ managerRoleId: "unknown" }, "managerRoleId"],
    [{ grinderBaseRoleId: "everyone" }, "grinderBaseRoleId"],
    [{ events: { pingRole: "Server Booster" } }, "events.pingRole"],
    [{ events: { manager: "unknown" } }, "events.manager"],
  ])("refuses %j with 400 naming %s", async (form, field) => {
    const resolve = (value: string) =>
      value === "unknown"
        ? "123456789012345678"
        : value === "other"
          ? "444444444444444444"
          : value === "everyone"
            ? demoGuildId
            : id(value);
    const body = JSON.parse(JSON.stringify(form), (key, value) =>
      typeof value === "string" && key !== "" ? resolve(value) : value,
    );
    const res = await inject("PUT", url, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: "Bad Request", field });
    expect(res.json().message.startsWith(`${field}: `)).toBe(true);
    expect((await inject("GET", `${url}/exists`)).json()).toEqual({ exists: false });
  });

  it.each([
    [{ grinders: { switchTierCooldown: "1h" } }, "grinders.switchTierCooldown"],
    [{ grinders: { paymentPeriod: "yearly" } }, "grinders.paymentPeriod"],
    [{ grinders: { switchTierEnabled: "yes" } }, "grinders.switchTierEnabled"],
    [{ managerRoleId: "abc" }, "managerRoleId"],
    [{ tiers: ["Gold"], payments: ["lots"], tierRoles: {} }, "payments.0"],
  ])("validates the shape: %j → %s", async (body, field) => {
    const res = await inject("PUT", url, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
  });

  it("updates and adds tiers listed with payments and roles, keeping the three consistent", async () => {
    await inject("POST", `${url}/tiers`, { tierName: "Bronze", tierPayment: 100, tierRoleId: id("Bronze") });
    await inject("POST", `${url}/tiers`, { tierName: "Gold", tierPayment: 1000, tierRoleId: id("Gold") });
    const res = await inject("PUT", url, {
      tiers: ["Silver", "bronze"],
      payments: ["500k", 250_000],
      tierRoles: { Silver: id("Silver"), bronze: id("Bronze") },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      tiers: ["Silver", "bronze", "Gold"],
      payments: [500_000, 250_000, 1000],
      tierRoles: { Silver: id("Silver"), bronze: id("Bronze"), Gold: id("Gold") },
    });
  });

  it.each([
    [{ payments: [1] }, "tiers"],
    [{ tiers: ["Gold"], tierRoles: {} }, "payments"],
    [{ tiers: ["Gold", "Silver"], payments: [1], tierRoles: {} }, "payments"],
    [{ tiers: ["Gold"], payments: [1], tierRoles: {} }, "tierRoles.Gold"],
    [{ tiers: ["Gold", "gold"], payments: [1, 2], tierRoles: { Gold: "Gold" } }, "tiers.1"],
    [
      { tiers: ["Gold", "Silver"], payments: [1, 2], tierRoles: { Gold: "Gold", Silver: "Gold" } },
      "tierRoles.Silver",
    ],
    [
      { grinderBaseRoleId: "Gold", tiers: ["Gold"], payments: [1], tierRoles: { Gold: "Gold" } },
      "tierRoles.Gold",
    ],
    [{ tiers: ["Gold"], payments: [1], tierRoles: { Gold: "Server Booster" } }, "tierRoles.Gold"],
  ])("refuses inconsistent tiers %j on %s", async (form, field) => {
    const body = JSON.parse(JSON.stringify(form), (key, value) =>
      typeof value === "string" && (key === "grinderBaseRoleId" || /^[A-Z]/i.test(key)) && ids[value]
        ? id(value)
        : value,
    );
    const res = await inject("PUT", url, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
  });
});

describe("POST setup/tiers", () => {
  it("adds a tier (201), parsing the amount and trimming the name", async () => {
    const res = await inject("POST", `${url}/tiers`, {
      tierName: "  Gold ",
      tierPayment: "1.5m",
      tierRoleId: id("Gold"),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      tiers: ["Gold"],
      payments: [1_500_000],
      tierRoles: { Gold: id("Gold") },
    });
    const second = await inject("POST", `${url}/tiers`, {
      tierName: "Bronze",
      tierPayment: 250_000,
      tierRoleId: id("Bronze"),
    });
    expect(second.json()).toMatchObject({ tiers: ["Gold", "Bronze"], payments: [1_500_000, 250_000] });
    expect((await inject("GET", `${url}/exists`)).json()).toEqual({ exists: true });
    expect((await listAudit(t.ctx.storage.db, demoGuildId, 1))[0]?.action).toBe("setup.tier.add");
  });

  it("refuses a duplicate name regardless of case with 409", async () => {
    await inject("POST", `${url}/tiers`, { tierName: "Gold", tierPayment: 1, tierRoleId: id("Gold") });
    const res = await inject("POST", `${url}/tiers`, {
      tierName: "GOLD",
      tierPayment: 2,
      tierRoleId: id("Silver"),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: "Conflict", field: "tierName" });
    expect(res.json().message).toMatch(/^tierName: /);
  });

  it.each([
    [{ tierName: "", tierPayment: 1, tierRoleId: "Gold" }, "tierName"],
    [{ tierName: "   ", tierPayment: 1, tierRoleId: "Gold" }, "tierName"],
    [{ tierName: "x".repeat(51), tierPayment: 1, tierRoleId: "Gold" }, "tierName"],
    [{ tierName: "Gold", tierPayment: 0, tierRoleId: "Gold" }, "tierPayment"],
    [{ tierName: "Gold", tierPayment: -5, tierRoleId: "Gold" }, "tierPayment"],
    [{ tierName: "Gold", tierPayment: "lots", tierRoleId: "Gold" }, "tierPayment"],
    [{ tierName: "Gold", tierPayment: "1.5q", tierRoleId: "Gold" }, "tierPayment"],
    [{ tierName: "Gold", tierRoleId: "Gold" }, "tierPayment"],
    [{ tierName: "Gold", tierPayment: 1 }, "tierRoleId"],
    [{ tierName: "Gold", tierPayment: 1, tierRoleId: "123456789012345678" }, "tierRoleId"],
    [{ tierName: "Gold", tierPayment: 1, tierRoleId: "Server Booster" }, "tierRoleId"],
  ])("refuses %j with 400 naming %s", async (body, field) => {
    const role = "tierRoleId" in body ? body.tierRoleId : undefined;
    const payload = { ...body, ...(role && ids[role] ? { tierRoleId: id(role) } : {}) };
    const res = await inject("POST", `${url}/tiers`, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
  });

  it("refuses a role already used by another tier or as the base role", async () => {
    await inject("PUT", url, { grinderBaseRoleId: id("Grinder") });
    await inject("POST", `${url}/tiers`, { tierName: "Gold", tierPayment: 1, tierRoleId: id("Gold") });
    for (const roleName of ["Gold", "Grinder"]) {
      const res = await inject("POST", `${url}/tiers`, {
        tierName: "New",
        tierPayment: 1,
        tierRoleId: id(roleName),
      });
      expect([res.statusCode, res.json().field]).toEqual([400, "tierRoleId"]);
    }
  });

  it("answers 403 for another server before reading the body", async () => {
    const res = await inject("POST", `/api/server/${otherGuildId}/setup/tiers`, {});
    expect(res.statusCode).toBe(403);
  });
});

describe("DELETE setup/tiers/:tier", () => {
  it("removes a tier by its URL-encoded name, in any case", async () => {
    await inject("POST", `${url}/tiers`, { tierName: "Gold Plus", tierPayment: 5, tierRoleId: id("Gold") });
    await inject("POST", `${url}/tiers`, { tierName: "Silver", tierPayment: 3, tierRoleId: id("Silver") });
    const res = await inject("DELETE", `${url}/tiers/${encodeURIComponent("gold plus")}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      tiers: ["Silver"],
      payments: [3],
      tierRoles: { Silver: id("Silver") },
    });
    expect((await listAudit(t.ctx.storage.db, demoGuildId, 1))[0]?.action).toBe("setup.tier.remove");
    expect((await inject("DELETE", `${url}/tiers/Gold%20Plus`)).statusCode).toBe(404);
  });

  it("refuses with 409 and a count while grinders are on the tier", async () => {
    await inject("POST", `${url}/tiers`, { tierName: "Gold", tierPayment: 5, tierRoleId: id("Gold") });
    const members = await plainMembers(t.ctx, 3);
    for (const userId of members) await hireGrinder(t.ctx, demoGuildId, { userId, tier: "gold" }, owner);
    const res = await inject("DELETE", `${url}/tiers/GOLD`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("3 grinders are on Gold; move or remove them first");
    expect((await inject("GET", url)).json().tiers).toEqual(["Gold"]);

    await t.ctx.storage.db
      .updateTable("grinders")
      .set({ archived_at: Date.now() })
      .where("user_id", "in", members.slice(1))
      .execute();
    const one = await inject("DELETE", `${url}/tiers/Gold`);
    expect(one.json().message).toBe("1 grinder is on Gold; move or remove them first");
  });

  it("answers 403 for another server's path", async () => {
    expect((await inject("DELETE", `/api/server/${otherGuildId}/setup/tiers/Gold`)).statusCode).toBe(403);
  });
});
