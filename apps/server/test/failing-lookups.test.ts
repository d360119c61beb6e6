import { defaultWelcomeConfig } from "@hearth/core";
import type { FastifyInstance } from "fastify";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Bot, createBot } from "../src/bot/bot.ts";
import {
  bindFeatures,
  buildHearthApp,
  implementedCommandPaths,
  seedFeatureDemos,
} from "../src/composition.ts";
import { testConfig } from "../src/config.ts";
import type { AppContext } from "../src/context.ts";
import type { BotEventMap, BotEventName } from "../src/discord/port/events.ts";
import { DiscordError, type DiscordErrorCode, type DiscordPort } from "../src/discord/port/port.ts";
import { SandboxAdapter } from "../src/discord/sandbox/adapter.ts";
import { seedDemoDirectory } from "../src/discord/sandbox/demo-seed.ts";
import { demoGuildId, demoOwnerId } from "../src/discord/sandbox/demo-seed-data.ts";
import { createDashboardToken } from "../src/features/auth/service.ts";
import { updateWelcomeConfig } from "../src/features/welcome/service.ts";
import { DatabaseJobQueue } from "../src/jobs/queue.ts";
import type { Logger } from "../src/lib/logger.ts";
import { openTestStorage, type TestStorage } from "./helpers.ts";

// Issue 15, finding 11: a Discord lookup that fails (404, 403, a timeout) must degrade the one detail
// it was for (a name, a tag), never turn a whole API answer into a 5xx or drop a whole event. Every
// registered API route and every gateway event (to every feature's listeners, and every command
// through the interaction router) runs against a Discord whose lookups all fail. The routes and the
// listeners are read from the program's registry, so features added later are walked too.

/** The port's lookups: reads that fetch a user, a member, a message or a server's extras. */
const lookups = [
  "getUser",
  "getMember",
  "getBotMember",
  "getMessage",
  "listReactionUsers",
  "listInvites",
  "listEmojis",
] as const satisfies readonly (keyof DiscordPort)[];

type Mode = "404" | "403" | "timeout";
const notFoundCode: Record<(typeof lookups)[number], DiscordErrorCode> = {
  getUser: "unknown_user",
  getMember: "unknown_member",
  getBotMember: "unknown_member",
  getMessage: "unknown_message",
  listReactionUsers: "unknown_message",
  listInvites: "missing_permissions",
  listEmojis: "unknown_guild",
};

/** The port with every lookup failing as Discord fails it in `mode`; writes and server structure work. */
function failingLookups(port: DiscordPort, mode: Mode): DiscordPort {
  return new Proxy(port, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (typeof value !== "function") return value;
      // What the adapter holds in memory of a failing lookup is nothing: the caller must make the call.
      if (key === "peekUser") return () => undefined;
      if ((lookups as readonly PropertyKey[]).includes(key)) {
        const name = key as (typeof lookups)[number];
        return async () => {
          if (mode === "404") throw new DiscordError(notFoundCode[name], `404: ${name} failed`);
          if (mode === "403") throw new DiscordError("missing_permissions", `403: ${name} failed`);
          throw new DiscordError("unavailable", `Discord could not be reached: ${name} timed out`);
        };
      }
      return value.bind(target);
    },
  });
}

interface World {
  test: TestStorage;
  ctx: AppContext;
  sandbox: SandboxAdapter;
  app: FastifyInstance;
  bot: Bot;
  token: string;
  /** Where the demo server's welcome goes. */
  welcomeChannel: string;
  errors: { msg: string; err?: { message?: string }; interaction?: string; event?: string }[];
  stop(): Promise<void>;
}

async function openWorld(mode: Mode): Promise<World> {
  const errors: World["errors"] = [];
  const logger = pino(
    { level: "error" },
    { write: (line: string) => void errors.push(JSON.parse(line)) },
  ) as unknown as Logger;
  const test = await openTestStorage();
  await seedDemoDirectory(test.storage.db);
  const sandbox = new SandboxAdapter(test.storage.db, logger);
  const jobs = new DatabaseJobQueue(test.storage, logger);
  const base: AppContext = {
    config: testConfig({ databaseUrl: test.url, rateLimitMax: 0 }),
    storage: test.storage,
    discord: sandbox,
    jobs,
    logger,
    startedAt: Date.now(),
  };
  await seedFeatureDemos(base);
  const ctx: AppContext = { ...base, discord: failingLookups(sandbox, mode) };
  const channels = await sandbox.listChannels(demoGuildId);
  const welcome = channels.find((channel) => channel.type === 0)?.id ?? "";
  const app = await buildHearthApp(ctx, { serveWeb: false });
  await app.ready();
  const bot = createBot(ctx, sandbox);
  await bindFeatures(ctx, bot);
  await bot.start();
  const { token } = await createDashboardToken(base, { serverId: demoGuildId, permission: "owner" });
  errors.length = 0;
  return {
    test,
    ctx,
    sandbox,
    app,
    bot,
    token,
    welcomeChannel: welcome,
    errors,
    async stop() {
      await bot.stop();
      await app.close();
      await jobs.stop();
      await test.cleanup();
    },
  };
}

const logLine = (line: World["errors"][number]) =>
  `${line.msg}${line.interaction ? ` (${line.interaction})` : ""}: ${line.err?.message ?? ""}`;

/** The welcome on, in the first text channel, naming the owner (a lookup that fails here). */
function welcomeOn(world: World) {
  return updateWelcomeConfig(
    world.ctx,
    demoGuildId,
    { tokenId: null, userId: demoOwnerId },
    {
      ...defaultWelcomeConfig,
      enabled: true,
      channelId: world.welcomeChannel,
      embed: { ...defaultWelcomeConfig.embed, title: "Welcome! {server.owner} says hi" },
    },
  );
}

/** Fills path parameters: server ids with the demo server's, anything else with a plausible id. */
const fill = (url: string) =>
  url.replace(/:(\w+)/g, (_match, name: string) =>
    /server|guild/i.test(name) || name === "id" ? demoGuildId : "123456789012345678",
  );

/**
 * One sample of each event, as the gateway would deliver it in the demo server. Typed over every
 * event name: an event added to BotEventMap fails to compile until it has a sample here.
 */
async function eventSamples(
  world: World,
): Promise<{ [K in Exclude<BotEventName, "interactionCreate">]: BotEventMap[K] }> {
  const { sandbox } = world;
  const channels = await sandbox.listChannels(demoGuildId);
  const channelId = channels.find((channel) => channel.type === 0)?.id ?? "";
  const roles = await sandbox.listRoles(demoGuildId);
  const role = roles.find((r) => r.id !== demoGuildId && !r.managed) ?? roles[0];
  const guild = await sandbox.getGuild(demoGuildId);
  const owner = await sandbox.getMember(demoGuildId, demoOwnerId);
  if (!guild || !owner || !role) throw new Error("the demo server is incomplete");
  const posted = await sandbox.sendMessage(channelId, { content: "a message to react to" });
  const newcomer = {
    guildId: demoGuildId,
    user: {
      id: "123456789012345001",
      username: "newcomer",
      globalName: null,
      avatar: null,
      bot: false,
      createdAt: Date.now() - 1e10,
    },
    nick: null,
    roleIds: [],
    joinedAt: Date.now(),
  };
  const emoji = { id: null, name: "⭐" };
  return {
    guildCreate: guild,
    guildDelete: { guildId: "123456789012345999" },
    memberAdd: newcomer,
    memberUpdate: { ...owner, roleIds: [...owner.roleIds, role.id] },
    memberRemove: { guildId: demoGuildId, user: newcomer.user },
    presenceUpdate: { guildId: demoGuildId, userId: demoOwnerId, status: "online", customStatus: "hello" },
    messageCreate: {
      id: "123456789012345100",
      channelId,
      guildId: demoGuildId,
      author: owner.user,
      content: `hello <@${demoOwnerId}> dragon`,
      memberRoleIds: owner.roleIds,
      mentionUserIds: [demoOwnerId],
      attachments: [],
      embeds: [],
      webhookId: null,
      createdAt: Date.now(),
    },
    messageDelete: { guildId: demoGuildId, channelId, messageId: posted.id },
    messageUpdate: { guildId: demoGuildId, channelId, messageId: posted.id },
    reactionAdd: {
      guildId: demoGuildId,
      channelId,
      messageId: posted.id,
      userId: demoOwnerId,
      emoji,
      messageAuthorId: null,
    },
    reactionRemove: {
      guildId: demoGuildId,
      channelId,
      messageId: posted.id,
      userId: demoOwnerId,
      emoji,
      messageAuthorId: null,
    },
    reactionClear: { guildId: demoGuildId, channelId, messageId: posted.id, emoji: null },
    inviteCreate: {
      guildId: demoGuildId,
      invite: { code: "abc", inviterId: demoOwnerId, uses: 0, maxUses: 0 },
    },
    inviteDelete: { guildId: demoGuildId, code: "abc" },
    roleUpdate: role,
    roleDelete: { guildId: demoGuildId, roleId: "123456789012345998" },
    channelDelete: { guildId: demoGuildId, channelId: "123456789012345997" },
  };
}

describe.each<Mode>(["404", "403", "timeout"])("with every Discord lookup failing (%s)", (mode) => {
  let world: World;
  beforeAll(async () => {
    world = await openWorld(mode);
  });
  afterAll(() => world?.stop());

  it("every API route answers without a 5xx (a failed name or tag degrades, the answer doesn't)", async () => {
    const routes = world.app.routeTable.filter(
      (route) => route.url.startsWith("/api") && route.method !== "HEAD" && route.method !== "OPTIONS",
    );
    expect(routes.length).toBeGreaterThan(50);
    const failures: string[] = [];
    for (const route of routes) {
      const res = await world.app.inject({
        method: route.method as "GET",
        url: fill(route.url),
        headers: { authorization: world.token },
        payload: {},
      });
      if (res.statusCode >= 500) failures.push(`${route.method} ${route.url}: ${res.statusCode} ${res.body}`);
    }
    expect(failures).toEqual([]);
    // The tester's case by name: the dashboard's first call.
    const info = await world.app.inject({
      method: "GET",
      url: "/api/dashboard/token-info",
      headers: { authorization: world.token },
    });
    expect(info.statusCode).toBe(200);
  });

  it("every gateway event reaches every listener without an error, and a joining member is welcomed", async () => {
    // The route walk before this one posted empty bodies everywhere (a reset among them).
    await welcomeOn(world);
    const samples = await eventSamples(world);
    const { welcomeChannel } = world;
    const before = await world.test.storage.db.selectFrom("sandbox_messages").select("id").execute();
    for (const [name, payload] of Object.entries(samples)) {
      await world.sandbox.events.emit(name as BotEventName, payload as never);
      await world.sandbox.events.idle();
    }
    expect(world.errors.map(logLine)).toEqual([]);
    const sent = await world.test.storage.db
      .selectFrom("sandbox_messages")
      .selectAll()
      .where("id", "not in", before.length > 0 ? before.map((row) => row.id) : ["none"])
      .execute();
    const welcome = sent.find(
      (row) => row.channel_id === welcomeChannel && row.content.includes("123456789012345001"),
    );
    expect(welcome, "the welcome for the joining member").toBeDefined();
    expect(welcome?.payload).toContain("Welcome! Unknown user says hi");
  });

  it("every command goes through the interaction router without an unexpected error", async () => {
    const paths = implementedCommandPaths(world.ctx);
    expect(paths.length).toBeGreaterThan(20);
    for (const path of paths) {
      const [name = "", subcommandGroup, subcommand] =
        path.split(" ").length === 3 ? path.split(" ") : [path.split(" ")[0], undefined, path.split(" ")[1]];
      await world.sandbox.simulateCommand({
        guildId: demoGuildId,
        userId: demoOwnerId,
        name,
        ...(subcommandGroup ? { subcommandGroup } : {}),
        ...(subcommand ? { subcommand } : {}),
      });
    }
    await world.sandbox.events.idle();
    expect(world.errors.map(logLine)).toEqual([]);
  });
});
