import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  actor,
  expectAppError as expectError,
  openStaticaFixture,
  type StaticaFixture,
} from "../../../test/fixtures/statica.ts";
import { demoGuildId, dialects } from "../../../test/helpers.ts";
import type { AppContext } from "../../context.ts";
import { DiscordError } from "../../discord/port/port.ts";
import { listAudit } from "../audit/service.ts";
import { seedDemo } from "./demo.ts";
import { listRewardRoles } from "./roles.ts";
import {
  createStaticaConfig,
  deleteStaticaConfig,
  getStaticaConfig,
  getStaticaStats,
  toggleStaticaConfig,
  updateStaticaConfig,
} from "./service.ts";
import { recordReward } from "./store.ts";

let t: StaticaFixture;
let ctx: AppContext;
const role = (name: string) => t.role(name);
const valid: StaticaFixture["valid"] = (overrides) => t.valid(overrides);

beforeEach(async () => {
  t = await openStaticaFixture();
  ctx = t.ctx;
});
afterEach(() => t.cleanup());

const outbox = async () =>
  (await ctx.storage.db.selectFrom("sandbox_outbox").selectAll().orderBy("id").execute()).map((row) => ({
    action: row.action,
    payload: JSON.parse(row.payload),
  }));

describe("create", () => {
  it("completes a partial body with the defaults and records an audit entry", async () => {
    const before = Date.now();
    const created = await createStaticaConfig(ctx, demoGuildId, actor, valid());
    expect(created).toMatchObject({
      serverId: demoGuildId,
      enabled: false,
      type: "combined",
      roleConfig: { combined: [role("Member")], serverTag: [], status: [] },
      conditions: {
        serverTag: { enabled: true, requireOwnServer: true, allowedGuilds: [], requireBadge: false },
        status: {
          enabled: true,
          keywords: ["hearth"],
          matchType: "any",
          caseSensitive: false,
          includeCustomStatus: true,
          includeActivity: false,
        },
        combination: "OR",
      },
      settings: {
        removeOnLeave: true,
        removeOnConditionFail: true,
        requireBotPermissions: true,
        notifyUsers: false,
        separateRoles: false,
      },
      logging: {
        enabled: false,
        channel: null,
        events: { "Role Added": true, "Role Removed": true, "Config Updated": true, "User Checked": false },
      },
    });
    expect(created.createdAt).toBeGreaterThanOrEqual(before);
    expect(created.updatedAt).toBe(created.createdAt);
    expect(await getStaticaConfig(ctx, demoGuildId)).toEqual(created);

    const [entry] = await listAudit(ctx.storage.db, demoGuildId);
    expect(entry).toMatchObject({
      action: "statica.create",
      tokenId: "token-1",
      actorUserId: actor.userId,
      summary: { before: null, after: { enabled: false, type: "combined", keywords: 1 } },
    });
  });

  it("refuses a second configuration with 409", async () => {
    await createStaticaConfig(ctx, demoGuildId, actor, valid());
    await expectError(createStaticaConfig(ctx, demoGuildId, actor, valid()), 409);
  });

  it("trims keywords and drops blank ones", async () => {
    const created = await createStaticaConfig(
      ctx,
      demoGuildId,
      actor,
      valid({ conditions: { status: { keywords: ["  hearth ", "", "   ", ".gg/emberhollow"] } } }),
    );
    expect(created.conditions.status.keywords).toEqual(["hearth", ".gg/emberhollow"]);
  });
});

describe("update", () => {
  it("answers 404 while there is no configuration", async () => {
    await expectError(
      updateStaticaConfig(ctx, demoGuildId, actor, valid()),
      404,
      undefined,
      /Resource not found/,
    );
  });

  it("replaces the configuration, keeps enabled when left out and says what changed", async () => {
    const created = await createStaticaConfig(ctx, demoGuildId, actor, valid({ enabled: true }));
    const updated = await updateStaticaConfig(ctx, demoGuildId, actor, {
      type: "status",
      roleConfig: { status: [role("Gold"), role("Silver")] },
      conditions: { status: { keywords: ["ember hollow"], matchType: "all" } },
    });
    expect(updated).toMatchObject({
      enabled: true,
      type: "status",
      roleConfig: { combined: [], serverTag: [], status: [role("Gold"), role("Silver")] },
      conditions: { status: { keywords: ["ember hollow"], matchType: "all" } },
      createdAt: created.createdAt,
    });
    expect(updated.updatedAt).toBeGreaterThanOrEqual(created.updatedAt);
    expect(await getStaticaConfig(ctx, demoGuildId)).toEqual(updated);
    const [entry] = await listAudit(ctx.storage.db, demoGuildId);
    expect(entry?.action).toBe("statica.update");
    expect(entry?.summary.changed).toEqual(["type", "roleConfig", "conditions"]);

    const disabled = await updateStaticaConfig(ctx, demoGuildId, actor, { ...valid(), enabled: false });
    expect(disabled.enabled).toBe(false);
  });

  it("validates like create and leaves the stored configuration alone on failure", async () => {
    const created = await createStaticaConfig(ctx, demoGuildId, actor, valid());
    await expectError(
      updateStaticaConfig(ctx, demoGuildId, actor, { roleConfig: {} }),
      400,
      "roleConfig.combined",
    );
    expect(await getStaticaConfig(ctx, demoGuildId)).toEqual(created);
  });
});

describe("toggle", () => {
  it("flips without a value, sets with one, and audits only real changes", async () => {
    await createStaticaConfig(ctx, demoGuildId, actor, valid());
    expect((await toggleStaticaConfig(ctx, demoGuildId, actor)).enabled).toBe(true);
    expect((await toggleStaticaConfig(ctx, demoGuildId, actor)).enabled).toBe(false);
    expect((await toggleStaticaConfig(ctx, demoGuildId, actor, true)).enabled).toBe(true);
    expect((await toggleStaticaConfig(ctx, demoGuildId, actor, true)).enabled).toBe(true);
    const toggles = (await listAudit(ctx.storage.db, demoGuildId)).filter(
      (a) => a.action === "statica.toggle",
    );
    expect(toggles.map((a) => a.summary.after)).toEqual([
      { enabled: true },
      { enabled: false },
      { enabled: true },
    ]);
  });

  it("answers 404 while there is no configuration", async () => {
    await expectError(toggleStaticaConfig(ctx, demoGuildId, actor), 404);
  });

  it("checks the configuration again before turning it on, never before turning it off", async () => {
    await createStaticaConfig(ctx, demoGuildId, actor, valid({ enabled: true }));
    await ctx.storage.db.deleteFrom("sandbox_roles").where("id", "=", role("Member")).execute();
    expect((await toggleStaticaConfig(ctx, demoGuildId, actor)).enabled).toBe(false);
    await expectError(toggleStaticaConfig(ctx, demoGuildId, actor), 400, "roleConfig.combined", /no role/);
    expect((await getStaticaConfig(ctx, demoGuildId)).enabled).toBe(false);
  });
});

describe("delete", () => {
  it("removes the configuration and its reward records; 404 afterwards", async () => {
    await createStaticaConfig(ctx, demoGuildId, actor, valid());
    await recordReward(
      ctx.storage.db,
      demoGuildId,
      { userId: "1", roleId: role("Member"), category: "combined" },
      1,
    );
    await deleteStaticaConfig(ctx, demoGuildId, actor);
    await expectError(getStaticaConfig(ctx, demoGuildId), 404, undefined, /Resource not found/);
    expect(await ctx.storage.db.selectFrom("statica_rewards").selectAll().execute()).toEqual([]);
    await expectError(deleteStaticaConfig(ctx, demoGuildId, actor), 404);
    const [entry] = await listAudit(ctx.storage.db, demoGuildId);
    expect(entry).toMatchObject({ action: "statica.delete", summary: { after: null } });
    // A new configuration can be created afterwards.
    await createStaticaConfig(ctx, demoGuildId, actor, valid());
  });
});

describe("log channel", () => {
  const logging = () => ({ enabled: true, channel: t.channels["mod-logs"] });
  const logPosts = async () => (await outbox()).filter((entry) => entry.action === "message.send");

  it("posts Config Updated entries for create, update, toggle and delete", async () => {
    await createStaticaConfig(ctx, demoGuildId, actor, valid({ logging: logging() }));
    await updateStaticaConfig(ctx, demoGuildId, actor, valid({ logging: logging(), type: "combined" }));
    await toggleStaticaConfig(ctx, demoGuildId, actor, true);
    await deleteStaticaConfig(ctx, demoGuildId, actor);
    const posts = await logPosts();
    expect(posts.map((p) => p.payload.channelId)).toEqual(Array(4).fill(t.channels["mod-logs"]));
    expect(posts.map((p) => p.payload.message.embeds[0].title)).toEqual([
      "Statica configuration created",
      "Statica configuration updated",
      "Statica configuration enabled",
      "Statica configuration removed",
    ]);
    const embed = posts[0]?.payload.message.embeds[0];
    expect(embed.description).toContain(`<@${actor.userId}>`);
    expect(embed.fields).toContainEqual({ name: "Reward roles", value: `<@&${role("Member")}>` });
    expect(posts[0]?.payload.message.allowedMentions).toBeUndefined();
  });

  it("stays quiet when the Config Updated event or logging is off", async () => {
    await createStaticaConfig(
      ctx,
      demoGuildId,
      actor,
      valid({ logging: { ...logging(), events: { "Config Updated": false } } }),
    );
    await updateStaticaConfig(ctx, demoGuildId, actor, valid({ logging: { enabled: false } }));
    expect(await logPosts()).toEqual([]);
  });

  it("still saves when the log message can't be posted", async () => {
    const failing: AppContext = {
      ...ctx,
      discord: Object.assign(Object.create(t.sandbox), {
        sendMessage: async () => {
          throw new DiscordError("missing_permissions", "Missing Access");
        },
      }),
    };
    const created = await createStaticaConfig(failing, demoGuildId, actor, valid({ logging: logging() }));
    expect(created.logging.enabled).toBe(true);
    expect(await getStaticaConfig(ctx, demoGuildId)).toEqual(created);
  });
});

describe("stats", () => {
  it("counts members, configured roles and rewarded members", async () => {
    await expectError(getStaticaStats(ctx, demoGuildId), 404);
    const created = await createStaticaConfig(
      ctx,
      demoGuildId,
      actor,
      valid({ roleConfig: { combined: [role("Member"), role("Gold")], status: [role("Silver")] } }),
    );
    const empty = await getStaticaStats(ctx, demoGuildId);
    expect(empty).toEqual({
      server: { memberCount: 320, roleCategories: { combined: 2, serverTag: 0, status: 1 } },
      config: {
        createdAt: created.createdAt,
        updatedAt: created.updatedAt,
        enabled: false,
        type: "combined",
      },
      rewarded: { combined: 0, serverTag: 0, status: 0, total: 0 },
    });
    await recordReward(
      ctx.storage.db,
      demoGuildId,
      { userId: "1", roleId: role("Member"), category: "combined" },
      1,
    );
    await recordReward(
      ctx.storage.db,
      demoGuildId,
      { userId: "1", roleId: role("Silver"), category: "status" },
      1,
    );
    expect((await getStaticaStats(ctx, demoGuildId)).rewarded).toEqual({
      combined: 1,
      serverTag: 0,
      status: 1,
      total: 1,
    });
  });
});

describe("demo seed", () => {
  it("creates two cosmetic reward roles and an enabled combined configuration logged to #mod-logs", async () => {
    await seedDemo(ctx);
    await seedDemo(ctx);
    const config = await getStaticaConfig(ctx, demoGuildId);
    const roles = await listRewardRoles(ctx, demoGuildId);
    const supporter = roles.find((r) => r.name === "Supporter");
    const tagWearer = roles.find((r) => r.name === "Tag Wearer");
    expect(supporter).toMatchObject({ assignable: true, dangerous: false });
    expect(tagWearer).toMatchObject({ assignable: true, dangerous: false });
    expect(roles.filter((r) => r.name === "Supporter")).toHaveLength(1);
    expect(config).toMatchObject({
      enabled: true,
      type: "combined",
      roleConfig: { combined: [supporter?.id], serverTag: [tagWearer?.id], status: [] },
      conditions: { status: { keywords: ["ember hollow", ".gg/emberhollow", "hearth"] } },
      logging: { enabled: true, channel: t.channels["mod-logs"] },
    });
  });
});

describe.each(dialects)("concurrent writes on %s", (dialect) => {
  beforeEach(async () => {
    await t.cleanup();
    t = await openStaticaFixture(dialect);
    ctx = t.ctx;
  });

  it("creates exactly one configuration when several creates race", async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => createStaticaConfig(ctx, demoGuildId, actor, valid())),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const result of results.filter((r) => r.status === "rejected")) {
      expect((result as PromiseRejectedResult).reason).toMatchObject({ statusCode: 409 });
    }
    const audits = (await listAudit(ctx.storage.db, demoGuildId)).filter(
      (a) => a.action === "statica.create",
    );
    expect(audits).toHaveLength(1);
  });

  it("loses neither of a concurrent update and toggle", async () => {
    await createStaticaConfig(ctx, demoGuildId, actor, valid());
    for (let round = 0; round < 5; round++) {
      const keywords = [`round ${round}`];
      const enabled = round % 2 === 0;
      await Promise.all([
        updateStaticaConfig(ctx, demoGuildId, actor, valid({ conditions: { status: { keywords } } })),
        toggleStaticaConfig(ctx, demoGuildId, actor, enabled),
      ]);
      const stored = await getStaticaConfig(ctx, demoGuildId);
      expect(stored.enabled).toBe(enabled);
      expect(stored.conditions.status.keywords).toEqual(keywords);
    }
  });
});
