import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bindFeatureCommands, createTestApp, demoGuildId, type TestApp } from "../../../test/helpers.ts";
import { type Bot, createBot } from "../../bot/bot.ts";
import { CommandOptions } from "../../bot/commands/command.ts";
import { demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { applyForm } from "../embeds/builder-forms.ts";
import { settingsBot } from "../settings/commands.ts";

/** Names that an object reached through its prototype answers for (issue 15, finding 8). */
const prototypeNames = ["toString", "__proto__", "constructor", "hasOwnProperty", "valueOf"] as const;

/**
 * Issue 15, finding 8: user text was used as a key of plain objects (`tierRoles?.[name]`), so a tier
 * called "toString" found Object.prototype.toString as its role. Every map keyed by user text reads
 * only its own entries now.
 */
describe("user text as a key never reaches the object prototype", () => {
  let t: TestApp;
  let bot: Bot;
  let roleId: string;
  /** A different assignable role per tier name: a role can belong to one tier only. */
  const roleFor: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    bot = createBot(t.ctx, t.sandbox);
    bindFeatureCommands(bot, t.ctx, settingsBot.commands?.(t.ctx) ?? []);
    await bot.start();
    const roles = await t.ctx.discord.listRoles(demoGuildId);
    roleId = roles.find((role) => role.name === "Events Ping")?.id ?? "";
    const pairs = [
      ["toString", "Events Ping"],
      ["constructor", "Giveaway Ping"],
      ["hasOwnProperty", "Diamond"],
      ["valueOf", "Gold"],
    ];
    for (const [name, role] of pairs) roleFor[name ?? ""] = roles.find((r) => r.name === role)?.id ?? "";
  });
  afterAll(async () => {
    await bot.stop();
    await t.cleanup();
  });

  const putSetup = (payload: Record<string, unknown>) =>
    t.app.inject({
      method: "PUT",
      url: `/api/server/${demoGuildId}/setup`,
      headers: { authorization: t.token },
      payload,
    });

  it.each(prototypeNames.filter((name) => name !== "__proto__"))(
    "setup tiers: a tier named %s without a role is a 400, with one it is saved with that role",
    async (name) => {
      const missing = await putSetup({ tiers: [name], payments: [1000], tierRoles: {} });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({
        error: "Bad Request",
        message: `tierRoles.${name}: no role given for tier ${name}`,
        field: `tierRoles.${name}`,
      });
      const saved = await putSetup({ tiers: [name], payments: [1000], tierRoles: { [name]: roleFor[name] } });
      expect(saved.json()).toMatchObject({ tiers: expect.arrayContaining([name]) });
      expect(saved.statusCode).toBe(200);
      expect(Object.hasOwn(saved.json().tierRoles, name)).toBe(true);
      expect(saved.json().tierRoles[name]).toBe(roleFor[name]);
    },
  );

  it("setup tiers: __proto__, which a JSON object can't carry as a key, is refused as a tier name", async () => {
    const response = await putSetup(
      JSON.parse(`{"tiers":["__proto__"],"payments":[1],"tierRoles":{"__proto__":"${roleId}"}}`) as Record<
        string,
        unknown
      >,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      field: "tiers.0",
      message: "tiers.0: __proto__ is reserved; choose another name",
    });
    const add = await t.app.inject({
      method: "POST",
      url: `/api/server/${demoGuildId}/setup/tiers`,
      headers: { authorization: t.token },
      payload: { name: "__proto__", payment: 1, roleId },
    });
    expect(add.statusCode).toBe(400);
  });

  it.each(prototypeNames)("/settings feature:%s is an unknown feature, answered privately", async (name) => {
    const [response] = await t.sandbox.simulateCommand({
      guildId: demoGuildId,
      userId: demoOwnerId,
      name: "settings",
      options: { feature: name },
    });
    expect(response?.ephemeral).toBe(true);
    expect(response?.message?.content ?? "").toContain(`Unknown feature "${name}"`);
  });

  it.each(prototypeNames)("command options: an option named %s that wasn't given is absent", (name) => {
    const options = new CommandOptions({ given: "yes" }, {}, {});
    expect(options.has(name)).toBe(false);
    expect(options.string(name)).toBeUndefined();
    expect(options.number(name)).toBeUndefined();
    expect(options.boolean(name)).toBeUndefined();
    expect(options.user(name)).toBeUndefined();
  });

  it.each(prototypeNames)(
    "embed builder forms: a field %s that wasn't sent keeps the draft's value",
    (name) => {
      const fields = JSON.parse(`{"${name === "__proto__" ? "x" : name}": "sent"}`) as Record<string, string>;
      const draft = applyForm({ title: "kept", description: "also kept" }, "body", fields);
      expect(draft.title).toBe("kept");
      expect(draft.description).toBe("also kept");
    },
  );
});
