import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createStandingToken,
  createTestApp,
  demoGuildId,
  seedOtherGuild,
  type TestApp,
} from "../../../test/helpers.ts";
import { demoMembers } from "../../discord/sandbox/demo-seed.ts";
import { createDashboardToken } from "../auth/service.ts";

let t: TestApp;
let otherToken: string;
let managerToken: string;
let selfRoles: string;
const roles: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const other = await seedOtherGuild(t.ctx);
  otherToken = (await createDashboardToken(t.ctx, { serverId: other.guildId, permission: "owner" })).token;
  const [managerId] = await demoMembers(t.ctx.storage.db, 1);
  managerToken = (
    await createStandingToken(t.ctx, {
      serverId: demoGuildId,
      userId: managerId ?? "",
      permission: "manager",
    })
  ).token;
  for (const role of await t.ctx.discord.listRoles(demoGuildId)) roles[role.name] = role.id;
  selfRoles = (await t.ctx.discord.listChannels(demoGuildId)).find((c) => c.name === "self-roles")?.id ?? "";
});
afterAll(() => t.cleanup());

const url = (rest = "") => `/api/selfroles/${demoGuildId}${rest}`;
const inject = (
  method: "GET" | "POST" | "PATCH" | "DELETE",
  path: string,
  token = t.token,
  payload?: object,
) => t.app.inject({ method, url: path, headers: { authorization: token }, ...(payload ? { payload } : {}) });
const audited = async (action: string) =>
  (
    await t.ctx.storage.db
      .selectFrom("audit_log")
      .select("action")
      .where("server_id", "=", demoGuildId)
      .where("action", "=", action)
      .execute()
  ).length;

let panelId = 0;

describe("the Self-roles page's routes", () => {
  it("starts empty, with the command's limits", async () => {
    const res = await inject("GET", url(), managerToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ panels: [], roles: [], limits: { maxRoles: 25, maxPanels: 50 } });
    // The server's own emojis, for the roles' emoji pickers.
    expect(res.json().emojis).toContainEqual(
      expect.objectContaining({ name: "cozy_fox", markup: expect.stringMatching(/^<:cozy_fox:\d+>$/) }),
    );
  });

  it("whitelists roles (audited), refusing a dangerous one and a repeat", async () => {
    for (const name of ["Giveaway Ping", "Events Ping"]) {
      const res = await inject("POST", url("/whitelist"), t.token, { roleId: roles[name] });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ roleId: roles[name], warnings: [] });
    }
    const admin = await inject("POST", url("/whitelist"), t.token, { roleId: roles.Admin });
    expect(admin.statusCode).toBe(400);
    expect(admin.json()).toMatchObject({ field: "role", message: expect.stringContaining("Administrator") });
    expect(
      (await inject("POST", url("/whitelist"), t.token, { roleId: roles["Giveaway Ping"] })).statusCode,
    ).toBe(409);
    expect(await audited("selfroles.whitelist-add")).toBe(2);
  });

  it("previews the panel message as the bot builds it: the embed and a button per role", async () => {
    const res = await inject("POST", url("/preview"), managerToken, {
      title: "Pings",
      display: "buttons",
      roles: [{ roleId: roles["Giveaway Ping"], emoji: "🎉" }, { roleId: roles["Events Ping"] }],
    });
    expect(res.statusCode).toBe(200);
    const message = res.json();
    expect(message.embeds[0]).toMatchObject({ title: "Pings" });
    expect(message.embeds[0].description).toContain(`🎉 <@&${roles["Giveaway Ping"]}>`);
    expect(message.components[0].map((b: { label: string }) => b.label)).toEqual([
      "Giveaway Ping",
      "Events Ping",
    ]);
    const bad = await inject("POST", url("/preview"), t.token, {
      title: "x",
      display: "buttons",
      roles: [{ roleId: roles["Giveaway Ping"], emoji: "not an emoji" }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^roles: /);
  });

  it("creates a panel and posts it in the channel (audited)", async () => {
    const res = await inject("POST", url("/panels"), t.token, {
      name: "Pings",
      display: "dropdown",
      roles: [{ roleId: roles["Giveaway Ping"] }, { roleId: roles["Events Ping"], emoji: "📅" }],
      channelId: selfRoles,
    });
    expect(res.statusCode).toBe(201);
    const { panel } = res.json();
    panelId = panel.id;
    expect(panel).toMatchObject({ name: "Pings", title: "Pings", display: "dropdown" });
    const posted = await t.ctx.discord.getMessage(selfRoles, panel.messages[0].messageId);
    expect(posted?.embeds[0]?.title).toBe("Pings");
    expect((await inject("GET", url())).json().panels).toHaveLength(1);
    expect(await audited("selfroles.panel-create")).toBe(1);
  });

  it.each([
    [{ name: "" }, "name"],
    [{ roles: [] }, "roles"],
    [{ display: "grid" }, "display"],
    [{ channelId: "self-roles" }, "channelId"],
    [{ title: "x".repeat(257) }, "title"],
  ])("answers 400 naming the field (%j → %s)", async (fields, field) => {
    const body: Record<string, unknown> = {
      name: "Other",
      display: "buttons",
      roles: [{ roleId: roles["Giveaway Ping"] }],
      channelId: selfRoles,
    };
    const res = await inject("POST", url("/panels"), t.token, Object.assign(body, fields));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(new RegExp(`^${field}: `));
  });

  it("refuses a role that isn't whitelisted", async () => {
    const res = await inject("POST", url("/panels"), t.token, {
      name: "Gold",
      display: "buttons",
      roles: [{ roleId: roles.Gold }],
      channelId: selfRoles,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/whitelist/);
  });

  it("edits the panel (audited): the posted message is redrawn with the new title, display and emojis", async () => {
    const before = (await inject("GET", url())).json().panels[0];
    const res = await inject("PATCH", url(`/panels/${panelId}`), t.token, {
      title: "Pick your pings",
      description: "Tap to toggle",
      display: "buttons",
      roles: [
        { roleId: roles["Events Ping"], emoji: "📅" },
        { roleId: roles["Giveaway Ping"], emoji: "🎉" },
      ],
    });
    expect(res.statusCode).toBe(200);
    const { panel, redrawn, warnings } = res.json();
    expect(warnings).toEqual([]);
    expect(redrawn).toBe(1);
    // The name stays (only what was given changes); the message is the same one, edited.
    expect(panel).toMatchObject({ id: panelId, name: "Pings", title: "Pick your pings", display: "buttons" });
    expect(panel.messages).toEqual(before.messages);
    const posted = await t.ctx.discord.getMessage(selfRoles, before.messages[0].messageId);
    expect(posted?.embeds[0]).toMatchObject({ title: "Pick your pings" });
    expect(posted?.embeds[0]?.description).toContain("Tap to toggle");
    const buttons = (posted?.components ?? []).flat() as { type: string; label?: string }[];
    expect(buttons.map((b) => [b.type, b.label])).toEqual([
      ["button", "Events Ping"],
      ["button", "Giveaway Ping"],
    ]);
    const audit = await t.ctx.storage.db
      .selectFrom("audit_log")
      .select("summary")
      .where("server_id", "=", demoGuildId)
      .where("action", "=", "selfroles.panel-edit")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.summary)).toMatchObject({
      before: { title: "Pings", display: "dropdown" },
      after: { title: "Pick your pings", display: "buttons" },
    });
    // null puts the name back as the title, and clears the description.
    const reset = await inject("PATCH", url(`/panels/${panelId}`), t.token, {
      title: null,
      description: null,
    });
    expect(reset.json().panel).toMatchObject({ title: "Pings", description: null, display: "buttons" });
  });

  it("refuses an edit that breaks the panel's rules: 400 naming the field, 409 for a taken name, 404 for no panel", async () => {
    const edit = (body: object, id = panelId) => inject("PATCH", url(`/panels/${id}`), t.token, body);
    for (const [body, field] of [
      [{}, "name"],
      [{ roles: [] }, "roles"],
      [{ display: "grid" }, "display"],
      [{ name: "" }, "name"],
      [{ description: "x".repeat(1001) }, "description"],
      [{ roles: Array.from({ length: 26 }, () => ({ roleId: roles["Giveaway Ping"] })) }, "roles"],
    ] as const) {
      const res = await edit(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(new RegExp(`^${field}: `));
    }
    const notListed = await edit({ roles: [{ roleId: roles.Gold }] });
    expect(notListed.statusCode).toBe(400);
    expect(notListed.json()).toMatchObject({ field: "roles", message: expect.stringMatching(/whitelist/) });
    const twice = await edit({ roles: [{ roleId: roles["Events Ping"] }, { roleId: roles["Events Ping"] }] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toMatch(/twice/);
    expect((await edit({ roles: [{ roleId: roles["Events Ping"], emoji: "two words" }] })).statusCode).toBe(
      400,
    );
    const other = await inject("POST", url("/panels"), t.token, {
      name: "Other",
      display: "buttons",
      roles: [{ roleId: roles["Giveaway Ping"] }],
      channelId: selfRoles,
    });
    expect(other.statusCode).toBe(201);
    const clash = await edit({ name: "other" });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().field).toBe("name");
    expect((await inject("DELETE", url(`/panels/${other.json().panel.id}`))).statusCode).toBe(200);
    expect((await edit({ title: "x" }, 999_999)).statusCode).toBe(404);
    // Nothing refused was saved.
    const [panel] = (await inject("GET", url())).json().panels;
    expect(panel).toMatchObject({ name: "Pings", title: "Pings", display: "buttons" });
    expect(panel.roles).toHaveLength(2);
  });

  it("a manager reads and previews but changes nothing; another server's token reaches nothing", async () => {
    const writes = [
      ["POST", url("/whitelist"), { roleId: roles.Member }],
      ["DELETE", url(`/whitelist/${roles["Events Ping"]}`), undefined],
      ["DELETE", url(`/panels/${panelId}`), undefined],
      ["PATCH", url(`/panels/${panelId}`), { title: "Taken over" }],
    ] as const;
    for (const [method, path, payload] of writes) {
      expect((await inject(method, path, managerToken, payload)).statusCode).toBe(403);
      expect((await inject(method, path, otherToken, payload)).statusCode).toBe(403);
    }
    expect((await inject("GET", url(), otherToken)).statusCode).toBe(403);
  });

  it("takes a role off the whitelist and its panels; deletes the panel and its message (audited)", async () => {
    const off = await inject("DELETE", url(`/whitelist/${roles["Events Ping"]}`));
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ roleId: roles["Events Ping"], panels: 1 });
    const [panel] = (await inject("GET", url())).json().panels;
    expect(panel.roles.map((r: { roleId: string }) => r.roleId)).toEqual([roles["Giveaway Ping"]]);
    const res = await inject("DELETE", url(`/panels/${panelId}`));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deleted: panelId, messages: 1 });
    expect(await t.ctx.discord.getMessage(selfRoles, panel.messages[0].messageId)).toBeNull();
    expect((await inject("DELETE", url(`/panels/${panelId}`))).statusCode).toBe(404);
    // The other one, deleted while edits were refused, and this one.
    expect(await audited("selfroles.panel-delete")).toBe(2);
    expect(await audited("selfroles.whitelist-remove")).toBe(1);
  });
});
