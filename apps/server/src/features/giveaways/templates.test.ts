import { serverCaps } from "@hearth/core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { channelId, newGiveaway, roleId } from "../../../test/fixtures/giveaways.ts";
import { createTestApp, demoGuildId, dialects, seedOtherGuild, type TestApp } from "../../../test/helpers.ts";
import { DiscordError } from "../../discord/port/port.ts";
import { createDashboardToken } from "../auth/service.ts";
import { recordGuildJoined } from "../guilds/service.ts";
import * as scheduleStore from "./schedule-store.ts";

// Templates and bulk creation (issue 27, item 8) through the API, on SQLite and PostgreSQL.

describe.each(dialects)("giveaway templates and bulk on %s", (dialect) => {
  let t: TestApp;
  let otherToken: string;
  let channel: string;
  let general: string;

  beforeAll(async () => {
    t = await createTestApp({ dialect });
    const other = await seedOtherGuild(t.ctx);
    otherToken = (await createDashboardToken(t.ctx, { serverId: other.guildId, permission: "owner" })).token;
    for (const guild of await t.ctx.discord.listGuilds()) await recordGuildJoined(t.ctx, guild, Date.now());
    channel = await channelId(t.ctx);
    general = await channelId(t.ctx, "general");
  });
  afterAll(() => t.cleanup());

  type Method = "GET" | "POST" | "PATCH" | "DELETE";
  const inject = (method: Method, url: string, payload?: unknown, token = t.token) =>
    t.app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: { authorization: token },
    });
  const templates = () => `/api/giveaways/${demoGuildId}/templates`;
  const settings = (prize = "Nitro") => ({ channelId: channel, prize, duration: 3600, winnerCount: 2 });
  async function expectField(res: { statusCode: number; json(): unknown }, status: number, field: string) {
    const body = res.json() as { field?: string; message: string };
    expect(res.statusCode, JSON.stringify(body)).toBe(status);
    expect(body.field, body.message).toBe(field);
    return body.message;
  }
  const auditActions = async () =>
    (
      await t.ctx.storage.db
        .selectFrom("audit_log")
        .select(["action", "summary"])
        .where("server_id", "=", demoGuildId)
        .where("action", "like", "giveaway.%")
        .orderBy("id")
        .execute()
    ).map((row) => ({ action: row.action, summary: JSON.parse(row.summary) as Record<string, unknown> }));
  async function clearTemplates() {
    await t.ctx.storage.db.deleteFrom("giveaway_templates").execute();
  }

  it("saves, lists by name, renames and deletes a template, audited", async () => {
    await clearTemplates();
    const saved = await inject("POST", templates(), { name: "Weekly nitro", settings: settings() });
    expect(saved.statusCode, saved.body).toBe(201);
    const template = saved.json();
    expect(template).toMatchObject({ name: "Weekly nitro", settings: { prize: "Nitro", winnerCount: 2 } });
    await inject("POST", templates(), { name: "art contest", settings: settings("Art") });
    const list = await inject("GET", templates());
    expect(list.json().map((x: { name: string }) => x.name)).toEqual(["art contest", "Weekly nitro"]);

    const path = `${templates()}/${template.id}`;
    const renamed = await inject("PATCH", path, {
      name: "Nitro weekly",
      settings: settings("Nitro Classic"),
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: "Nitro weekly", settings: { prize: "Nitro Classic" } });
    expect((await inject("DELETE", path)).statusCode).toBe(204);
    expect((await inject("DELETE", path)).statusCode).toBe(404);
    expect((await inject("GET", templates())).json()).toHaveLength(1);

    const actions = (await auditActions()).map((entry) => entry.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        "giveaway.template.create",
        "giveaway.template.update",
        "giveaway.template.delete",
      ]),
    );
  });

  it("refuses a long name, a taken name in any case, and ids of nothing in the server (400/409 naming the field)", async () => {
    await clearTemplates();
    await expectField(
      await inject("POST", templates(), { name: "x".repeat(51), settings: settings() }),
      400,
      "name",
    );
    await expectField(await inject("POST", templates(), { name: "  ", settings: settings() }), 400, "name");
    await expectField(await inject("POST", templates(), { name: "No settings" }), 400, "settings");
    await expectField(
      await inject("POST", templates(), {
        name: "Bad channel",
        settings: { ...settings(), channelId: "123456789012345678" },
      }),
      400,
      "settings.channelId",
    );
    await expectField(
      await inject("POST", templates(), {
        name: "Bad role",
        settings: { ...settings(), requirements: { requiredRoles: ["123456789012345678"] } },
      }),
      400,
      "settings.requirements.requiredRoles.0",
    );
    await expectField(
      await inject("POST", templates(), { name: "Too short", settings: { ...settings(), duration: 5 } }),
      400,
      "settings.duration",
    );
    expect((await inject("POST", templates(), { name: "Raffle", settings: settings() })).statusCode).toBe(
      201,
    );
    await expectField(
      await inject("POST", templates(), { name: "RAFFLE", settings: settings() }),
      409,
      "name",
    );
    const other = await inject("POST", templates(), { name: "Other", settings: settings() });
    await expectField(
      await inject("PATCH", `${templates()}/${other.json().id}`, { name: "raffle" }),
      409,
      "name",
    );
    // An edit that changes nothing (an empty body, or only unknown keys) is a 400, not a 500.
    await expectField(await inject("PATCH", `${templates()}/${other.json().id}`, {}), 400, "name");
    await expectField(
      await inject("PATCH", `${templates()}/${other.json().id}`, { colour: "red" }),
      400,
      "name",
    );
  });

  it(`caps a server at ${serverCaps.giveawayTemplates.max} templates`, async () => {
    await clearTemplates();
    for (let i = 0; i < serverCaps.giveawayTemplates.max; i++) {
      expect((await inject("POST", templates(), { name: `T${i}`, settings: settings() })).statusCode).toBe(
        201,
      );
    }
    const refused = await inject("POST", templates(), { name: "One more", settings: settings() });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain(`cap of ${serverCaps.giveawayTemplates.max} giveaway templates`);
    await clearTemplates();
  });

  it("saves an existing giveaway's settings as a template", async () => {
    const role = await roleId(t.ctx, "Server Booster");
    const giveaway = await newGiveaway(t.ctx, {
      prize: "Steam key",
      winnerCount: 3,
      duration: 7200,
      requirements: { minAccountAge: 7, minMemberAge: 0, minInvites: 0, requiredRoles: [role] },
      winnersChannelId: general,
      pingRoleId: null,
      claimWindow: 3600,
    });
    const saved = await inject("POST", templates(), { name: "Keys", fromGiveawayId: giveaway.messageId });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().settings).toEqual({
      channelId: channel,
      prize: "Steam key",
      winnerCount: 3,
      duration: 7200,
      requirements: { minAccountAge: 7, minMemberAge: 0, minInvites: 0, requiredRoles: [role] },
      hostId: giveaway.hostId,
      pingRoleId: null,
      winnersChannelId: general,
      claimWindow: 3600,
    });
    const missing = await inject("POST", templates(), { name: "Gone", fromGiveawayId: "123456789012345678" });
    expect(missing.statusCode).toBe(404);
  });

  it("keeps templates to their own server", async () => {
    const saved = await inject("POST", templates(), { name: "Mine only", settings: settings() });
    const path = `${templates()}/${saved.json().id}`;
    expect((await inject("GET", templates(), undefined, otherToken)).statusCode).toBe(403);
    expect((await inject("PATCH", path, { name: "Stolen" }, otherToken)).statusCode).toBe(403);
    expect((await inject("DELETE", path, undefined, otherToken)).statusCode).toBe(403);
    expect(
      (
        await inject(
          "POST",
          `/api/giveaways/${demoGuildId}/bulk`,
          { templateId: saved.json().id, rows: [{}] },
          otherToken,
        )
      ).statusCode,
    ).toBe(403);
    expect((await inject("GET", templates())).json().map((x: { name: string }) => x.name)).toContain(
      "Mine only",
    );
  });

  describe("bulk", () => {
    const bulk = (payload: unknown) => inject("POST", `/api/giveaways/${demoGuildId}/bulk`, payload);
    let templateId: string;
    const messageCount = async () =>
      Number(
        (
          await t.ctx.storage.db
            .selectFrom("giveaways")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .where("server_id", "=", demoGuildId)
            .executeTakeFirstOrThrow()
        ).n,
      );

    beforeAll(async () => {
      await clearTemplates();
      const saved = await inject("POST", templates(), {
        name: "Daily",
        settings: { ...settings("Daily prize"), pingRoleId: null },
      });
      templateId = saved.json().id;
    });

    it("creates one giveaway per row, each with the row's prize, duration, winners and channel", async () => {
      const before = Date.now();
      const res = await bulk({
        templateId,
        rows: [
          { prize: "Nitro", duration: 3600, winnerCount: 1, channelId: channel },
          { prize: "Steam key", duration: 7200, winnerCount: 3, channelId: general },
          {},
        ],
      });
      expect(res.statusCode, res.body).toBe(201);
      const created = res.json().created as {
        messageId: string;
        prize: string;
        channelId: string;
        winnerCount: number;
        endTime: number;
      }[];
      expect(created.map((g) => [g.prize, g.channelId, g.winnerCount])).toEqual([
        ["Nitro", channel, 1],
        ["Steam key", general, 3],
        ["Daily prize", channel, 2],
      ]);
      expect(created[1]?.endTime).toBeGreaterThanOrEqual(before + 7200_000);
      const listed = await inject("GET", `/api/giveaways/${demoGuildId}?limit=50`);
      const ids = listed.json().map((g: { messageId: string }) => g.messageId);
      for (const giveaway of created) expect(ids).toContain(giveaway.messageId);
      const audit = (await auditActions()).filter((entry) => entry.action === "giveaway.bulk_create");
      expect(audit.at(-1)?.summary).toMatchObject({ count: 3, template: "Daily" });
    });

    it("checks every row before posting anything (400 naming the row's field)", async () => {
      const before = await messageCount();
      await expectField(
        await bulk({ templateId, rows: [{ prize: "ok" }, { duration: 10 }] }),
        400,
        "rows.1.duration",
      );
      await expectField(
        await bulk({
          templateId,
          rows: [{ prize: "ok" }, { prize: "ok" }, { channelId: "123456789012345678" }],
        }),
        400,
        "rows.2.channelId",
      );
      await expectField(await bulk({ templateId, rows: [] }), 400, "rows");
      await expectField(
        await bulk({ templateId, rows: Array.from({ length: 26 }, () => ({})) }),
        400,
        "rows",
      );
      await expectField(await bulk({ templateId: "999999", rows: [{}] }), 400, "templateId");
      expect(await messageCount()).toBe(before);
    });

    it("respects the running-giveaway cap, scheduled ones included, saying how many fit", async () => {
      const running = Number(
        (
          await t.ctx.storage.db
            .selectFrom("giveaways")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .where("server_id", "=", demoGuildId)
            .where("status", "=", "active")
            .executeTakeFirstOrThrow()
        ).n,
      );
      // Fill the cap with scheduled starts but two places.
      const scheduled = serverCaps.giveaways.max - running - 2;
      for (let i = 0; i < scheduled; i++) {
        await scheduleStore.insertSchedule(t.ctx.storage.db, {
          serverId: demoGuildId,
          settings: settings(`Later ${i}`),
          recurrence: null,
          nextRunAt: Date.now() + 86_400_000,
          createdBy: "1".repeat(18),
          createdAt: Date.now(),
        });
      }
      const before = await messageCount();
      const refused = await bulk({ templateId, rows: [{}, {}, {}] });
      const message = await expectField(refused, 409, "rows");
      expect(message).toContain("Only 2 of these 3 giveaways fit");
      expect(await messageCount()).toBe(before);
      const fits = await bulk({ templateId, rows: [{}, {}] });
      expect(fits.statusCode, fits.body).toBe(201);
      await t.ctx.storage.db.deleteFrom("giveaway_schedules").execute();
    });

    it("creates none when Discord refuses a post midway (the posted ones are taken down)", async () => {
      const before = await messageCount();
      const send = t.ctx.discord.sendMessage.bind(t.ctx.discord);
      let calls = 0;
      const spy = vi.spyOn(t.ctx.discord, "sendMessage").mockImplementation(async (...args) => {
        calls++;
        if (calls === 3) throw new DiscordError("missing_permissions", "Missing Permissions");
        return send(...args);
      });
      try {
        const res = await bulk({ templateId, rows: [{ prize: "A" }, { prize: "B" }, { prize: "C" }] });
        expect(res.statusCode).toBe(502);
      } finally {
        spy.mockRestore();
      }
      expect(await messageCount()).toBe(before);
    });
  });
});
