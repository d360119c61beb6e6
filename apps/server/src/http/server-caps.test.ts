import { capReachedMessage, serverCaps } from "@hearth/core";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bindFeatureCommands,
  createStandingToken,
  createTestApp,
  demoGuildId,
  type TestApp,
} from "../../test/helpers.ts";
import { type Bot, createBot } from "../bot/bot.ts";
import { buildHearthApp } from "../composition.ts";
import { demoOwnerId } from "../discord/sandbox/demo-seed-data.ts";
import { embedsBot } from "../features/embeds/commands.ts";
import { insertSession } from "../features/embeds/store.ts";
import { giveawaysBot } from "../features/giveaways/commands.ts";
import { perksBot } from "../features/perks/commands.ts";
import { insertTier } from "../features/perks/store.ts";
import { selfrolesBot } from "../features/selfroles/commands.ts";
import { insertPanel } from "../features/selfroles/store.ts";
import { stickyBot } from "../features/sticky/commands.ts";
import { timersBot } from "../features/timers/commands.ts";

/**
 * Issue 15, finding 5: one token made 4,890 running giveaways in 10 s. Every creatable thing has a
 * per-server cap (packages/core `serverCaps`) answered 409 naming it, on the API and in the bot,
 * and a token's writes are limited per minute (429 with Retry-After).
 */
describe("per-server caps", () => {
  let t: TestApp;
  let bot: Bot;
  let channels: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    bot = createBot(t.ctx, t.sandbox);
    for (const feature of [giveawaysBot, timersBot, stickyBot, selfrolesBot, perksBot, embedsBot]) {
      bindFeatureCommands(bot, t.ctx, feature.commands?.(t.ctx) ?? []);
    }
    await bot.start();
    channels = Object.fromEntries((await t.ctx.discord.listChannels(demoGuildId)).map((c) => [c.name, c.id]));
  });
  afterAll(async () => {
    await bot.stop();
    await t.cleanup();
  });

  const command = async (name: string, subcommand: string, options: Record<string, string | number>) => {
    const [reply] = await t.sandbox.simulateCommand({
      guildId: demoGuildId,
      userId: demoOwnerId,
      name,
      subcommand,
      options,
      channelId: channels.general ?? "",
    });
    return reply;
  };
  const posts = async () =>
    Number(
      (
        await t.ctx.storage.db
          .selectFrom("sandbox_messages")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("giveaways: the 101st running one is a 409 naming the cap, on the API and /giveaway start, and posts nothing", async () => {
    const now = Date.now();
    await t.ctx.storage.db
      .insertInto("giveaways")
      .values(
        Array.from({ length: serverCaps.giveaways.max - 1 }, (_, index) => ({
          server_id: demoGuildId,
          channel_id: channels.giveaways ?? "",
          message_id: String(900_000_000_000_000_000n + BigInt(index)),
          guild_name: "Ember Hollow",
          prize: `Prize ${index}`,
          description: null,
          winner_count: 1,
          host_id: demoOwnerId,
          donor_id: null,
          min_account_age: 0,
          min_member_age: 0,
          min_invites: 0,
          required_roles: "[]",
          status: "active",
          end_time: now + 3_600_000,
          ended_at: null,
          created_at: now,
        })),
      )
      .execute();
    const create = () =>
      t.app.inject({
        method: "POST",
        url: "/api/giveaways/create",
        headers: { authorization: t.token },
        payload: { channelId: channels.giveaways, prize: "One more", winnerCount: 1, duration: 3600 },
      });
    expect((await create()).statusCode).toBe(201);
    const before = await posts();
    const refused = await create();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: "Conflict",
      message: "This server has reached its cap of 100 running giveaways; end one first.",
    });
    const reply = await command("giveaway", "start", { prize: "Nitro", duration: "1h", winners: 1 });
    expect(reply?.ephemeral).toBe(true);
    expect(reply?.message?.content).toContain(capReachedMessage(serverCaps.giveaways));
    expect(await posts()).toBe(before);
  });

  it("timers: the 51st running one is a 409 naming the cap, on the API and /timer create", async () => {
    const now = Date.now();
    await t.ctx.storage.db
      .insertInto("timers")
      .values(
        Array.from({ length: serverCaps.timers.max }, (_, index) => ({
          server_id: demoGuildId,
          channel_id: channels.events ?? "",
          message: `Timer ${index}`,
          duration: 3600,
          ends_at: now + 3_600_000,
          message_id: String(910_000_000_000_000_000n + BigInt(index)),
          status: "running" as const,
          ended_message_id: null,
          created_by: demoOwnerId,
          created_at: now,
          finished_at: null,
        })),
      )
      .execute();
    const refused = await t.app.inject({
      method: "POST",
      url: `/api/timers/${demoGuildId}/timers`,
      headers: { authorization: t.token },
      payload: { channelId: channels.events, duration: 600, message: "One more" },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      "This server has reached its cap of 50 running timers; cancel one first.",
    );
    const reply = await command("timer", "create", {
      channel: channels.events ?? "",
      duration: "10m",
      message: "Go!",
    });
    expect(reply?.ephemeral).toBe(true);
    expect(reply?.message?.content).toContain(capReachedMessage(serverCaps.timers));
  });

  it("stickies: a 51st channel is refused with the cap by /sticky set; replacing one of the 50 is not", async () => {
    const now = Date.now();
    await t.ctx.storage.db
      .insertInto("sticky_messages")
      .values(
        Array.from({ length: serverCaps.stickies.max - 1 }, (_, index) => ({
          server_id: demoGuildId,
          channel_id: String(920_000_000_000_000_000n + BigInt(index)),
          message: `Sticky ${index}`,
          trigger_count: 10,
          message_count: 0,
          last_message_id: null,
          enabled: 1,
          created_by: demoOwnerId,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    const fiftieth = await command("sticky", "set", { message: "Be kind!", channel: channels.memes ?? "" });
    expect(fiftieth?.message?.content).toMatch(/Set a sticky message/);
    const refused = await command("sticky", "set", { message: "Too many", channel: channels.media ?? "" });
    expect(refused?.ephemeral).toBe(true);
    expect(refused?.message?.content).toContain(
      "This server has reached its cap of 50 sticky messages; remove one with /sticky remove first.",
    );
    const replaced = await command("sticky", "set", { message: "Be kinder!", channel: channels.memes ?? "" });
    expect(replaced?.message?.content).toMatch(/sticky message/i);
    expect(replaced?.message?.content).not.toContain("cap");
  });

  it("self-role panels: the 51st is refused with the cap by /selfroles create and /selfroles quick", async () => {
    for (let index = 0; index < serverCaps.selfRolePanels.max; index++) {
      await insertPanel(
        t.ctx.storage.db,
        {
          serverId: demoGuildId,
          name: `Panel ${index}`,
          title: "Roles",
          description: null,
          display: "buttons",
          roles: [],
          createdBy: demoOwnerId,
        },
        Date.now(),
      );
    }
    const message =
      "This server has reached its cap of 50 self-role panels; delete one with /selfroles delete first.";
    const create = await command("selfroles", "create", {});
    expect(create?.ephemeral).toBe(true);
    expect(create?.message?.content).toContain(message);
    const role = (await t.ctx.discord.listRoles(demoGuildId)).find((r) => r.name === "Events Ping");
    const quick = await command("selfroles", "quick", { roles: `<@&${role?.id}>` });
    expect(quick?.ephemeral).toBe(true);
    expect(quick?.message?.content).toContain(message);
  });
});

describe("per-server caps, continued", () => {
  let t: TestApp;
  let bot: Bot;

  beforeAll(async () => {
    t = await createTestApp();
    bot = createBot(t.ctx, t.sandbox);
    for (const feature of [perksBot, embedsBot])
      bindFeatureCommands(bot, t.ctx, feature.commands?.(t.ctx) ?? []);
    await bot.start();
  });
  afterAll(async () => {
    await bot.stop();
    await t.cleanup();
  });

  const command = async (name: string, subcommand: string, options: Record<string, string | number>) =>
    (
      await t.sandbox.simulateCommand({
        guildId: demoGuildId,
        userId: demoOwnerId,
        name,
        subcommand,
        options,
      })
    )[0];

  it("perk tiers: the 26th is refused with the cap by /perks-admin create", async () => {
    for (let index = 0; index < serverCaps.perkTiers.max; index++) {
      await insertTier(
        t.ctx.storage.db,
        {
          serverId: demoGuildId,
          name: `Tier ${index}`,
          roleId: String(930_000_000_000_000_000n + BigInt(index)),
          emojis: 0,
          highlights: true,
          channelMembers: 0,
          roleMembers: 0,
          afk: true,
          responders: 0,
        },
        Date.now(),
      );
    }
    const role = (await t.ctx.discord.listRoles(demoGuildId)).find((r) => r.name === "Events Ping");
    const reply = await command("perks-admin", "create", { name: "One more", role: role?.id ?? "" });
    expect(reply?.ephemeral).toBe(true);
    expect(reply?.message?.content).toContain(
      "This server has reached its cap of 25 perk tiers; delete one with /perks-admin delete first.",
    );
  });

  it("embed builders: the 101st open one is refused with the cap by /embed create; expired ones don't count", async () => {
    const now = Date.now();
    for (let index = 0; index < serverCaps.embedSessions.max; index++) {
      const expired = index === 0;
      await insertSession(
        t.ctx.storage.db,
        {
          id: `cap-${index}`,
          serverId: demoGuildId,
          userId: demoOwnerId,
          draft: { title: "t" },
          target: null,
        },
        now - (expired ? 2 * 86_400_000 : 0),
        expired ? now - 86_400_000 : now + 86_400_000,
      );
    }
    const opened = await command("embed", "create", {});
    expect(opened?.message?.content ?? "").not.toContain("cap");
    const refused = await command("embed", "create", {});
    expect(refused?.ephemeral).toBe(true);
    expect(refused?.message?.content).toContain(capReachedMessage(serverCaps.embedSessions));
  });
});

describe("per-token write limit", () => {
  let t: TestApp;
  let app: FastifyInstance;

  beforeAll(async () => {
    t = await createTestApp();
    app = await buildHearthApp(
      { ...t.ctx, config: { ...t.ctx.config, tokenWriteLimit: 5 } },
      { serveWeb: false },
    );
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await t.cleanup();
  });

  it("answers 429 with Retry-After past the token's writes a minute; reads and other tokens go on", async () => {
    const write = (authorization: string) =>
      app.inject({
        method: "POST",
        url: "/api/dashboard/access",
        headers: { authorization },
        payload: { path: "/dashboard" },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await write(t.token)).statusCode);
    expect(statuses.slice(0, 5).every((status) => status < 300)).toBe(true);
    expect(statuses.slice(5)).toEqual([429, 429]);
    const refused = await write(t.token);
    expect(refused.headers["retry-after"]).toMatch(/^\d+$/);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(60);
    expect(refused.json()).toEqual({
      error: "Too Many Requests",
      message: expect.stringMatching(
        /^Too many changes with this dashboard token: at most 5 a minute; try again in \d+ s$/,
      ),
    });
    const read = await app.inject({
      method: "GET",
      url: "/api/dashboard/token-info",
      headers: { authorization: t.token },
    });
    expect(read.statusCode).toBe(200);
    const members = await t.ctx.storage.db
      .selectFrom("sandbox_members")
      .select("user_id")
      .where("guild_id", "=", demoGuildId)
      .where("user_id", "!=", demoOwnerId)
      .executeTakeFirstOrThrow();
    const other = await createStandingToken(t.ctx, {
      serverId: demoGuildId,
      userId: members.user_id,
      permission: "admin",
    });
    expect((await write(other.token)).statusCode).toBeLessThan(300);
  });
});
