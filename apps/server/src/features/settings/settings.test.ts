import { antiPoolDisableRefusal, defaultServerSettings } from "@hearth/core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { plainMembers } from "../../../test/fixtures/grinders.ts";
import { createTestApp, dialects, seedOtherGuild, type TestApp } from "../../../test/helpers.ts";
import { demoGuildId } from "../../discord/sandbox/demo-seed-data.ts";
import { listAudit } from "../audit/service.ts";
import { createDashboardToken } from "../auth/service.ts";

describe.each(dialects)("settings on %s", (dialect) => {
  let t: TestApp;
  let otherToken: string;
  let poolManager: string;

  beforeAll(async () => {
    t = await createTestApp({ dialect });
    const other = await seedOtherGuild(t.ctx);
    otherToken = (await createDashboardToken(t.ctx, { serverId: other.guildId, permission: "owner" })).token;
    [poolManager] = (await plainMembers(t.ctx, 1)) as [string];
  });
  afterAll(() => t.cleanup());
  beforeEach(async () => {
    await t.ctx.storage.db.deleteFrom("server_settings").execute();
    await t.ctx.storage.db.deleteFrom("audit_log").execute();
  });

  const fetchSettings = (token = t.token) =>
    t.app.inject({ method: "GET", url: "/api/settings/fetch", headers: { authorization: token } });
  const edit = (payload: object, token = t.token) =>
    t.app.inject({ method: "PUT", url: "/api/settings/edit", headers: { authorization: token }, payload });

  it("answers the defaults for a server that never changed them", async () => {
    const res = await fetchSettings();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(defaultServerSettings);
    expect(res.json()).toMatchObject({
      calculatorEnabled: true,
      tipsEnabled: true,
      heist_image: false,
      memberTriggerLimit: 3,
      pro: { status: false, activatedBy: null },
    });
  });

  it("changes only the fields sent and answers all of them, with an audit entry", async () => {
    const res = await edit({ heist_image: true, memberTriggerLimit: 10 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...defaultServerSettings, heist_image: true, memberTriggerLimit: 10 });
    const again = await edit({ rumbleTrackerEnabled: true });
    expect(again.json()).toMatchObject({
      heist_image: true,
      memberTriggerLimit: 10,
      rumbleTrackerEnabled: true,
    });
    expect((await fetchSettings()).json()).toEqual(again.json());
    const [entry] = await listAudit(t.ctx.storage.db, demoGuildId, 1);
    expect(entry).toMatchObject({
      action: "settings.edit",
      summary: { rumbleTrackerEnabled: { before: false, after: true } },
    });
  });

  it("ignores pro and unknown fields", async () => {
    const res = await edit({ pro: { status: true, activatedBy: "me" }, tipsEnabled: false, bogus: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json().pro).toEqual({ status: false, activatedBy: null });
    expect(res.json().tipsEnabled).toBe(false);
    expect(res.json()).not.toHaveProperty("bogus");
  });

  it.each([
    [{ memberTriggerLimit: 0 }, "memberTriggerLimit"],
    [{ memberTriggerLimit: 101 }, "memberTriggerLimit"],
    [{ memberTriggerLimit: 2.5 }, "memberTriggerLimit"],
    [{ memberTriggerLimit: "5" }, "memberTriggerLimit"],
    [{ tipsEnabled: "yes" }, "tipsEnabled"],
    [{ antiPoolShow: { toggle: "on" } }, "antiPoolShow.toggle"],
    [{ antiPoolShow: { poolManagerId: "abc" } }, "antiPoolShow.poolManagerId"],
    [{ antiPoolShow: { poolManagerId: "123456789012345678" } }, "antiPoolShow.poolManagerId"],
  ])("refuses %j with 400 naming %s", async (payload, field) => {
    const res = await edit(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: "Bad Request", field });
    expect(res.json().message.startsWith(`${field}: `)).toBe(true);
    expect((await fetchSettings()).json()).toEqual(defaultServerSettings);
  });

  it("accepts the limits 1 and 100", async () => {
    expect((await edit({ memberTriggerLimit: 1 })).json().memberTriggerLimit).toBe(1);
    expect((await edit({ memberTriggerLimit: 100 })).json().memberTriggerLimit).toBe(100);
  });

  describe("anti-pool rules", () => {
    it("a pool manager id turns protection on", async () => {
      const res = await edit({ antiPoolShow: { poolManagerId: ` ${poolManager} ` } });
      expect(res.json().antiPoolShow).toEqual({ toggle: true, poolManagerId: poolManager, windowHours: 24 });
    });

    it("switching protection off while an id is set is refused with the spec's message", async () => {
      await edit({ antiPoolShow: { poolManagerId: poolManager } });
      const res = await edit({ antiPoolShow: { toggle: false } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: "Bad Request",
        message: antiPoolDisableRefusal,
        field: "antiPoolShow.toggle",
      });
      const same = await edit({ antiPoolShow: { toggle: false, poolManagerId: poolManager } });
      expect(same.json().message).toBe(
        "Cannot disable Anti-Pool Protection while Pool Manager ID is set. Please clear the Pool Manager ID first.",
      );
      expect((await fetchSettings()).json().antiPoolShow).toEqual({
        toggle: true,
        poolManagerId: poolManager,
        windowHours: 24,
      });
    });

    it("clearing the id saves protection off, in one request with the toggle or alone", async () => {
      await edit({ antiPoolShow: { poolManagerId: poolManager } });
      const cleared = await edit({ antiPoolShow: { poolManagerId: "" } });
      expect(cleared.json().antiPoolShow).toEqual({ toggle: false, poolManagerId: null, windowHours: 24 });
      await edit({ antiPoolShow: { poolManagerId: poolManager } });
      const both = await edit({ antiPoolShow: { toggle: false, poolManagerId: null } });
      expect(both.statusCode).toBe(200);
      expect(both.json().antiPoolShow).toEqual({ toggle: false, poolManagerId: null, windowHours: 24 });
    });

    it("without an id the switch moves freely", async () => {
      expect((await edit({ antiPoolShow: { toggle: true } })).json().antiPoolShow).toEqual({
        toggle: true,
        poolManagerId: null,
        windowHours: 24,
      });
      expect((await edit({ antiPoolShow: { toggle: false } })).json().antiPoolShow.toggle).toBe(false);
    });

    it("other fields can change while an id is set", async () => {
      await edit({ antiPoolShow: { poolManagerId: poolManager } });
      const res = await edit({ tipsEnabled: false, antiPoolShow: { toggle: true } });
      expect(res.statusCode).toBe(200);
      expect(res.json().antiPoolShow.toggle).toBe(true);
    });
  });

  it("20 concurrent edits of different fields all land", async () => {
    const edits: object[] = [
      { eventsCheatEnabled: true },
      { calculatorEnabled: false },
      { bankCalculatorEnabled: true },
      { tipsEnabled: false },
      { tipsEvery: 25 },
      { marketCheckerEnabled: true },
      { heist_image: true },
      { rumbleTrackerEnabled: true },
      { memberTriggerLimit: 42 },
      { antiPoolShow: { poolManagerId: poolManager } },
    ];
    // 20 requests over the 10 fields; a field sent twice carries the same value, so the outcome is known.
    const requests = Array.from({ length: 20 }, (_, index) => edits[index % edits.length] as object);
    const answers = await Promise.all(requests.map((payload) => edit(payload)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect((await fetchSettings()).json()).toEqual({
      eventsCheatEnabled: true,
      calculatorEnabled: false,
      bankCalculatorEnabled: true,
      tipsEnabled: false,
      tipsEvery: 25,
      marketCheckerEnabled: true,
      heist_image: true,
      rumbleTrackerEnabled: true,
      antiPoolShow: { toggle: true, poolManagerId: poolManager, windowHours: 24 },
      heistImageUrl: null,
      gameBotIds: ["270904126974590976"],
      memberTriggerLimit: 42,
      pro: { status: false, activatedBy: null },
    });
    // Each edit saw the one before it: a repeated value changed nothing the second time.
    const audits = (await listAudit(t.ctx.storage.db, demoGuildId, 100)).filter(
      (a) => a.action === "settings.edit",
    );
    const changedFields = audits.flatMap((a) => Object.keys(a.summary));
    expect(changedFields.sort()).toEqual(
      [
        "antiPoolShow",
        "bankCalculatorEnabled",
        "calculatorEnabled",
        "eventsCheatEnabled",
        "heist_image",
        "marketCheckerEnabled",
        "memberTriggerLimit",
        "rumbleTrackerEnabled",
        "tipsEnabled",
        "tipsEvery",
      ].sort(),
    );
  });

  it("needs a token, and each token reaches only its own server's settings", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/settings/fetch" })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "PUT", url: "/api/settings/edit", payload: {} })).statusCode).toBe(
      401,
    );
    await edit({ heist_image: true });
    const theirs = await edit({ tipsEnabled: false }, otherToken);
    expect(theirs.json()).toMatchObject({ heist_image: false, tipsEnabled: false });
    expect((await fetchSettings()).json()).toMatchObject({ heist_image: true, tipsEnabled: true });
  });
});
