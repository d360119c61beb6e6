import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DiscordStandIn, type StoredGuild, type StoredUser } from "../../../test/discord-stand-in/index.ts";
import { openTestStorage, type TestStorage } from "../../../test/helpers.ts";
import { type Bot, createBot } from "../../bot/bot.ts";
import { listenForLeavers } from "../../features/auth/listeners.ts";
import { createDashboardToken, listDashboardTokens } from "../../features/auth/service.ts";
import { listenForGuilds } from "../../features/guilds/listeners.ts";
import { badRequest } from "../../lib/errors.ts";
import { createLogger } from "../../lib/logger.ts";
import { Metrics } from "../../metrics/metrics.ts";
import type { BotEventMap, BotEventName } from "../port/events.ts";
import { DiscordError, type DiscordErrorCode } from "../port/port.ts";
import { DiscordJsAdapter } from "./adapter.ts";
import { botIntents } from "./client.ts";

// The real discord.js client against the Discord stand-in: gateway over ws://, REST over http://.

const logger = createLogger({ logLevel: "silent" });
let standIn: DiscordStandIn;
let test: TestStorage;
let adapter: DiscordJsAdapter;
let bot: Bot;
let guild: StoredGuild;
let channelId: string;
let alice: StoredUser;
let closed: StoredUser;
let grinderRoleId: string;

async function discordError(promise: Promise<unknown>): Promise<DiscordErrorCode | null> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof DiscordError)) throw new Error(`expected a DiscordError, got ${String(error)}`);
  return error.code;
}

/** The next occurrence of a bot event. */
function next<K extends BotEventName>(name: K): Promise<BotEventMap[K]> {
  return new Promise((resolve) => {
    const stop = adapter.events.on(name, (payload) => {
      stop();
      resolve(payload);
    });
  });
}

/** Dispatches an interaction and waits for its callback (the first answer Discord gets). */
async function interact(payload: { id: string; token: string }) {
  const after = standIn.requests.length;
  await standIn.dispatch("INTERACTION_CREATE", payload);
  const callback = await standIn.waitForRequest(
    (request) =>
      request.method === "POST" && request.path === `/interactions/${payload.id}/${payload.token}/callback`,
    { after },
  );
  const dispatchedAt = standIn.interactions.get(payload.id)?.dispatchedAt ?? 0;
  return { callback, after, elapsed: callback.at - dispatchedAt };
}

beforeAll(async () => {
  standIn = await DiscordStandIn.start();
  guild = standIn.state.addGuild({ name: "Stand-in Hollow", icon: "a_abc123" });
  channelId = [...guild.channels.keys()][0] ?? "";
  alice = standIn.state.addUser({ username: "alice", global_name: "Alice" });
  closed = standIn.state.addUser({ username: "closedbook", dmClosed: true });
  grinderRoleId = standIn.state.addRole(guild.id, { name: "Grinder", permissions: "0" }).id;
  standIn.state.addMember(guild.id, alice.id);
  standIn.state.addMember(guild.id, closed.id);

  test = await openTestStorage();
  // With metrics on, as a bot process scraped by Prometheus runs: the counting must change nothing here.
  adapter = new DiscordJsAdapter({
    token: standIn.token,
    apiUrl: standIn.apiUrl,
    gateway: true,
    logger,
    metrics: new Metrics({ defaultMetrics: false }),
  });
  const deps = { storage: test.storage, discord: adapter, logger };
  bot = createBot(deps, adapter);
  // The guilds and auth features' listeners, bound as the program binds every feature's.
  listenForGuilds(bot, deps);
  listenForLeavers(bot, deps);
  await bot.start();
  await adapter.events.idle();
});

// Every body the adapter sent is one Discord accepts (the stand-in refuses the others, as Discord does).
afterEach(() => {
  expect(
    standIn.refusals().map((request) => `${request.method} ${request.path}: ${request.refused?.problems}`),
  ).toEqual([]);
});

afterAll(async () => {
  await bot?.stop();
  await standIn?.close();
  await test?.cleanup();
});

describe("the gateway", () => {
  it("identifies with the bot's intents, becomes ready, and GUILD_CREATE fills the guilds table", async () => {
    expect(adapter.client?.isReady()).toBe(true);
    const intents = botIntents.reduce((bits, bit) => bits | bit, 0);
    expect(standIn.gateway.sessions[0]?.intents).toBe(intents);
    const row = await test.storage.db
      .selectFrom("guilds")
      .selectAll()
      .where("id", "=", guild.id)
      .executeTakeFirst();
    expect(row).toMatchObject({ name: "Stand-in Hollow", owner_id: guild.ownerId, left_at: null });
    expect(row?.icon).toBe(`https://cdn.discordapp.com/icons/${guild.id}/a_abc123.gif?size=128`);
  });

  it("keeps no members in discord.js's cache, only the bot's own user; its own member is the adapter's", async () => {
    const cached = adapter.client?.guilds.cache.get(guild.id);
    expect(cached?.members.cache.size).toBe(0);
    expect(adapter.client?.users.cache.map((user) => user.id)).toEqual([standIn.state.botUser.id]);
    const hearthRoleId = [...guild.roles.values()].find((role) => role.name === "Hearth")?.id;
    const before = standIn.requests.length;
    expect(await adapter.getBotMember(guild.id)).toMatchObject({
      guildId: guild.id,
      user: { id: standIn.state.botUser.id, bot: true },
      roleIds: [hearthRoleId],
    });
    expect(standIn.requests.length).toBe(before);
  });

  it("follows the bot's own roles from GUILD_MEMBER_UPDATE (no REST read), keeping only roles the guild has", async () => {
    const hearthRoleId = [...guild.roles.values()].find((role) => role.name === "Hearth")?.id ?? "";
    // The bot event is emitted after the adapter's own listener has read the same frame.
    const update = async (roles: string[], nick: string | null) => {
      const heard = next("memberUpdate");
      await standIn.dispatch("GUILD_MEMBER_UPDATE", {
        guild_id: guild.id,
        user: {
          id: standIn.state.botUser.id,
          username: standIn.state.botUser.username,
          discriminator: "0",
          avatar: null,
          global_name: null,
          bot: true,
        },
        roles,
        nick,
        joined_at: "2024-05-01T12:00:00.000Z",
        deaf: false,
        mute: false,
        flags: 0,
      });
      await heard;
    };
    const before = standIn.requests.length;
    await update([hearthRoleId, grinderRoleId, "123"], "Hearthling");
    expect(await adapter.getBotMember(guild.id)).toMatchObject({
      nick: "Hearthling",
      roleIds: expect.arrayContaining([hearthRoleId, grinderRoleId]),
      joinedAt: Date.parse("2024-05-01T12:00:00.000Z"),
    });
    expect((await adapter.getBotMember(guild.id))?.roleIds).toHaveLength(2);
    await update([hearthRoleId], null);
    expect(await adapter.getBotMember(guild.id)).toMatchObject({ nick: null, roleIds: [hearthRoleId] });
    expect(standIn.requests.length).toBe(before);
  });

  it("a guild the bot is removed from is marked as left; an outage is not", async () => {
    const other = standIn.state.addGuild({ name: "Brief Stay" });
    await standIn.dispatch("GUILD_CREATE", standIn.gateway.guildCreatePayload(other));
    await adapter.events.idle();
    const removed = next("guildDelete");
    // Frames arrive in order: when the second is heard, the first (an outage) has been read and ignored.
    await standIn.dispatch("GUILD_DELETE", { id: guild.id, unavailable: true });
    await standIn.dispatch("GUILD_DELETE", { id: other.id });
    expect(await removed).toEqual({ guildId: other.id });
    await adapter.events.idle();
    const rows = await test.storage.db.selectFrom("guilds").select(["id", "left_at"]).execute();
    expect(rows.find((row) => row.id === other.id)?.left_at).toEqual(expect.any(Number));
    expect(rows.find((row) => row.id === guild.id)?.left_at).toBeNull();
    // The outage is over: the guild is back in the cache for the tests that follow.
    const back = next("guildCreate");
    await standIn.dispatch("GUILD_CREATE", standIn.gateway.guildCreatePayload(guild));
    await back;
    await adapter.events.idle();
    expect(adapter.client?.guilds.cache.get(guild.id)?.available).toBe(true);
  });

  it("a process running some shards receives only the guilds of those shards", async () => {
    const even = standIn.state.addGuild({ id: (4000n << 22n).toString(), name: "Shard zero" });
    const odd = standIn.state.addGuild({ id: (4001n << 22n).toString(), name: "Shard one" });
    const shards = [0, 1].map(
      (id) =>
        new DiscordJsAdapter({
          token: standIn.token,
          apiUrl: standIn.apiUrl,
          gateway: true,
          logger,
          shardIds: [id],
          shardCount: 2,
        }),
    );
    try {
      await Promise.all(shards.map((shard) => shard.start()));
      const held = shards.map((shard) => [...(shard.client?.guilds.cache.keys() ?? [])]);
      expect(held[0]).toContain(even.id);
      expect(held[0]).not.toContain(odd.id);
      expect(held[1]).toContain(odd.id);
      expect(held[1]).not.toContain(even.id);
    } finally {
      await Promise.all(shards.map((shard) => shard.stop()));
    }
  });

  it("a dropped connection is resumed, and events keep flowing", async () => {
    const identified = standIn.gateway.sessions.length;
    const resumed = standIn.gateway.whenResumed();
    standIn.gateway.disconnect(4000);
    await resumed;
    const message = next("messageCreate");
    await standIn.dispatch("MESSAGE_CREATE", {
      id: "700000000000000009",
      channel_id: channelId,
      guild_id: guild.id,
      author: { id: alice.id, username: "alice", global_name: null, avatar: null, discriminator: "0" },
      content: "",
      timestamp: "2025-01-01T00:00:00.000Z",
      edited_timestamp: null,
      tts: false,
      mention_everyone: false,
      mentions: [],
      mention_roles: [],
      attachments: [],
      embeds: [],
      pinned: false,
      type: 0,
    });
    expect(await message).toMatchObject({ id: "700000000000000009" });
    expect(standIn.gateway.sessions).toHaveLength(identified);
  });

  it("forwards member joins, presence (custom status, server tag) and messages to the bot's events", async () => {
    const joined = next("memberAdd");
    await standIn.dispatch("GUILD_MEMBER_ADD", {
      guild_id: guild.id,
      user: {
        id: "700000000000000001",
        username: "newcomer",
        global_name: null,
        avatar: null,
        discriminator: "0",
      },
      roles: [],
      joined_at: "2025-01-01T00:00:00.000Z",
      nick: null,
      deaf: false,
      mute: false,
      flags: 0,
    });
    expect(await joined).toMatchObject({
      guildId: guild.id,
      user: { username: "newcomer" },
      joinedAt: 1735689600000,
    });

    const presence = next("presenceUpdate");
    await standIn.dispatch("PRESENCE_UPDATE", {
      guild_id: guild.id,
      user: {
        id: alice.id,
        username: "alice",
        primary_guild: { identity_guild_id: guild.id, identity_enabled: true, tag: "HRTH", badge: null },
      },
      status: "online",
      activities: [{ type: 4, name: "Custom Status", state: "grinding for HRTH" }],
      client_status: { desktop: "online" },
    });
    expect(await presence).toEqual({
      guildId: guild.id,
      userId: alice.id,
      status: "online",
      customStatus: "grinding for HRTH",
      primaryGuild: { guildId: guild.id, tag: "HRTH", enabled: true },
    });

    const message = next("messageCreate");
    await standIn.dispatch("MESSAGE_CREATE", {
      id: "700000000000000002",
      channel_id: channelId,
      guild_id: guild.id,
      author: { id: alice.id, username: "alice", global_name: "Alice", avatar: null, discriminator: "0" },
      content: "",
      timestamp: "2025-01-01T00:00:00.000Z",
      edited_timestamp: null,
      tts: false,
      mention_everyone: false,
      mentions: [],
      mention_roles: [],
      attachments: [],
      embeds: [],
      pinned: false,
      type: 0,
    });
    expect(await message).toMatchObject({ channelId, guildId: guild.id, author: { id: alice.id } });
  });
});

describe("reads", () => {
  it("answers guild, channels and roles from the gateway cache, members over REST", async () => {
    const before = standIn.requests.length;
    expect(await adapter.getGuild(guild.id)).toMatchObject({
      name: "Stand-in Hollow",
      ownerId: guild.ownerId,
    });
    expect((await adapter.listChannels(guild.id)).map((channel) => channel.name)).toEqual(["general"]);
    expect((await adapter.listRoles(guild.id)).map((role) => role.name)).toEqual([
      "Grinder",
      "Hearth",
      "@everyone",
    ]);
    expect((await adapter.getBotMember(guild.id))?.user.id).toBe(standIn.state.botUser.id);
    expect(standIn.requests.length).toBe(before);

    expect(await adapter.getMember(guild.id, alice.id)).toMatchObject({
      guildId: guild.id,
      user: { id: alice.id, username: "alice", globalName: "Alice" },
      roleIds: [],
    });
    expect(standIn.find("GET", `/guilds/${guild.id}/members/${alice.id}`)).toHaveLength(1);
    expect(await adapter.getMember(guild.id, "123")).toBeNull();
    expect(await adapter.getUser(alice.id)).toMatchObject({ username: "alice" });
    expect(await adapter.getUser("123")).toBeNull();
  });

  it("without the gateway (an api process), reads go to REST", async () => {
    const rest = new DiscordJsAdapter({
      token: standIn.token,
      apiUrl: standIn.apiUrl,
      gateway: false,
      logger,
    });
    expect(rest.client).toBeNull();
    expect(await rest.getGuild(guild.id)).toMatchObject({
      name: "Stand-in Hollow",
      memberCount: guild.members.size,
    });
    expect(standIn.find("GET", `/guilds/${guild.id}`).at(-1)?.query.get("with_counts")).toBe("true");
    expect((await rest.getBotMember(guild.id))?.user.id).toBe(standIn.state.botUser.id);
    expect((await rest.listGuilds()).map((info) => info.id)).toContain(guild.id);
    expect(await rest.getGuild("123")).toBeNull();
  });
});

describe("writes", () => {
  it("posts a message once when Discord handled a post whose answer was lost, and its retry", async () => {
    // discord.js gives up on an answer after `timeout` and sends the same body again.
    const impatient = new DiscordJsAdapter({
      token: standIn.token,
      apiUrl: standIn.apiUrl,
      gateway: false,
      logger,
      rest: { timeout: 300 },
    });
    const path = `/channels/${channelId}/messages`;
    const before = standIn.find("POST", path).length;
    const held = standIn.holdNext("POST", path, 1000, { answerLost: true });
    const sent = await impatient.sendMessage(channelId, { content: "Only once, please" });
    const attempts = standIn.find("POST", path).slice(before);
    expect((await held).body).toMatchObject({ content: "Only once, please" });
    expect(attempts.length).toBeGreaterThanOrEqual(2);
    const nonces = new Set(attempts.map((attempt) => (attempt.body as { nonce?: string }).nonce));
    expect(nonces.size).toBe(1);
    const copies = [...standIn.state.messages.values()].filter(
      (message) => message.channel_id === channelId && message.content === "Only once, please",
    );
    expect(copies.map((message) => message.id)).toEqual([sent.id]);

    // A new message gets a new nonce: Discord does not answer it with the last one.
    const another = await impatient.sendMessage(channelId, { content: "Only once, please" });
    expect(another.id).not.toBe(sent.id);
    await impatient.stop();
  });

  it("sends a message with an embed and button components, edits and deletes it", async () => {
    const sent = await adapter.sendMessage(channelId, {
      content: "A giveaway!",
      embeds: [
        { title: "Prize", color: 0xff8800, footer: { text: "Ends soon", iconUrl: "https://x.test/i.png" } },
      ],
      components: [
        [
          { type: "button", style: "primary", label: "Enter", emoji: "🎉", customId: "giveaway:enter:1" },
          { type: "button", style: "link", label: "Details", url: "https://hearth.test/g/1" },
        ],
      ],
    });
    const [post] = standIn.find("POST", `/channels/${channelId}/messages`).slice(-1);
    expect(post?.body).toEqual({
      content: "A giveaway!",
      embeds: [
        { title: "Prize", color: 0xff8800, footer: { text: "Ends soon", icon_url: "https://x.test/i.png" } },
      ],
      components: [
        {
          type: 1,
          components: [
            { type: 2, style: 1, label: "Enter", emoji: { name: "🎉" }, custom_id: "giveaway:enter:1" },
            { type: 2, style: 5, label: "Details", url: "https://hearth.test/g/1" },
          ],
        },
      ],
      allowed_mentions: { parse: [], users: [], roles: [] },
      nonce: expect.stringMatching(/^[\w-]{1,25}$/),
      enforce_nonce: true,
    });

    await adapter.editMessage(channelId, sent.id, { content: "Ended" });
    expect(standIn.find("PATCH", `/channels/${channelId}/messages/${sent.id}`)[0]?.body).toMatchObject({
      content: "Ended",
      embeds: [],
      components: [],
    });
    await adapter.deleteMessage(channelId, sent.id);
    expect(standIn.find("DELETE", `/channels/${channelId}/messages/${sent.id}`)).toHaveLength(1);
    expect(await discordError(adapter.editMessage(channelId, sent.id, { content: "x" }))).toBe(
      "unknown_message",
    );
    expect(await discordError(adapter.sendMessage("123", { content: "x" }))).toBe("unknown_channel");
  });

  it("DMs a user through a DM channel; a closed DM is dm_closed", async () => {
    const sent = await adapter.sendDirectMessage(alice.id, { content: "Hello" });
    expect(standIn.find("POST", "/users/@me/channels").at(-1)?.body).toEqual({ recipient_id: alice.id });
    expect(standIn.find("POST", `/channels/${sent.channelId}/messages`)[0]?.body.content).toBe("Hello");
    expect(await discordError(adapter.sendDirectMessage(closed.id, { content: "Hello" }))).toBe("dm_closed");
  });

  it("adds and removes roles, kicks, bans, unbans and times out, with the audit-log reason", async () => {
    const member = `/guilds/${guild.id}/members/${alice.id}`;
    await adapter.addMemberRole(guild.id, alice.id, grinderRoleId, "new grinder");
    expect(standIn.find("PUT", `${member}/roles/${grinderRoleId}`)[0]?.reason).toBe("new grinder");
    expect((await adapter.getMember(guild.id, alice.id))?.roleIds).toEqual([grinderRoleId]);
    await adapter.removeMemberRole(guild.id, alice.id, grinderRoleId);
    expect(standIn.find("DELETE", `${member}/roles/${grinderRoleId}`)).toHaveLength(1);
    expect(await discordError(adapter.addMemberRole(guild.id, alice.id, "123"))).toBe("unknown_role");

    // Discord refuses a timeout ending more than 28 days from now.
    const until = Math.floor(Date.now() / 1000) * 1000 + 7 * 24 * 60 * 60 * 1000;
    await adapter.timeoutMember(guild.id, alice.id, until, "spam");
    await adapter.timeoutMember(guild.id, alice.id, null);
    const patches = standIn.find("PATCH", member);
    expect(patches.map((request) => request.body)).toEqual([
      { communication_disabled_until: new Date(until).toISOString() },
      { communication_disabled_until: null },
    ]);
    expect(patches[0]?.reason).toBe("spam");

    await adapter.kickMember(guild.id, closed.id, "bye");
    expect(standIn.find("DELETE", `/guilds/${guild.id}/members/${closed.id}`)[0]?.reason).toBe("bye");
    expect(await discordError(adapter.kickMember(guild.id, closed.id))).toBe("unknown_member");

    await adapter.banMember(guild.id, closed.id, { reason: "raid", deleteMessageSeconds: 3600 });
    const ban = standIn.find("PUT", `/guilds/${guild.id}/bans/${closed.id}`)[0];
    expect(ban).toMatchObject({ body: { delete_message_seconds: 3600 }, reason: "raid" });
    await adapter.unbanMember(guild.id, closed.id);
    expect(await discordError(adapter.unbanMember(guild.id, closed.id))).toBe("unknown_member");
    standIn.state.addMember(guild.id, closed.id);
  });

  it("creates channels and roles, and registers commands globally or per guild", async () => {
    const channel = await adapter.createChannel(guild.id, { name: "tickets", type: 4 }, "setup");
    expect(channel).toMatchObject({ guildId: guild.id, name: "tickets", type: 4 });
    expect(standIn.find("POST", `/guilds/${guild.id}/channels`)[0]).toMatchObject({
      body: { name: "tickets", type: 4, parent_id: null },
      reason: "setup",
    });
    const role = await adapter.createRole(guild.id, { name: "Paid", color: 0x00ff00 });
    expect(role).toMatchObject({ guildId: guild.id, name: "Paid" });
    expect(standIn.find("POST", `/guilds/${guild.id}/roles`)[0]?.body).toEqual({
      name: "Paid",
      color: 0x00ff00,
      permissions: "0",
      mentionable: false,
    });

    const commands = [
      { name: "ping", description: "Replies", defaultMemberPermissions: "32", dmPermission: false },
    ];
    await adapter.registerCommands(commands);
    await adapter.registerCommands(commands, guild.id);
    const app = standIn.state.appId;
    expect(standIn.find("PUT", `/applications/${app}/commands`)[0]?.body).toEqual([
      { name: "ping", description: "Replies", default_member_permissions: "32", dm_permission: false },
    ]);
    expect(standIn.find("PUT", `/applications/${app}/guilds/${guild.id}/commands`)).toHaveLength(1);
  });

  it("maps Discord's refusals and outages to DiscordError codes", async () => {
    standIn.failNext("POST", `/channels/${channelId}/messages`, {
      status: 403,
      code: 50013,
      message: "Missing Permissions",
    });
    expect(await discordError(adapter.sendMessage(channelId, { content: "x" }))).toBe("missing_permissions");
    standIn.failNext("POST", `/channels/${channelId}/messages`, { status: 503, times: 4 });
    expect(await discordError(adapter.sendMessage(channelId, { content: "x" }))).toBe("unavailable");
  });

  it("a bare 404 or 403 (no Discord error code) is mapped by its route, so lookups degrade (issue 15, finding 11)", async () => {
    const stranger = standIn.state.addUser({ username: "stranger" });
    standIn.failNext("GET", `/users/${stranger.id}`, { status: 404 });
    expect(await adapter.getUser(stranger.id)).toBeNull();
    standIn.failNext("GET", `/guilds/${guild.id}/members/${stranger.id}`, { status: 404 });
    expect(await adapter.getMember(guild.id, stranger.id)).toBeNull();
    standIn.failNext("GET", `/channels/${channelId}/messages/123456789012345678`, { status: 404 });
    expect(await adapter.getMessage(channelId, "123456789012345678")).toBeNull();
    standIn.failNext("POST", `/channels/${channelId}/messages`, { status: 403 });
    expect(await discordError(adapter.sendMessage(channelId, { content: "x" }))).toBe("missing_permissions");
  });

  it("missing privileged intents stop start-up, saying how to fix it", async () => {
    const strict = await DiscordStandIn.start({ privilegedIntents: false });
    const refused = new DiscordJsAdapter({
      token: strict.token,
      apiUrl: strict.apiUrl,
      gateway: true,
      logger,
    });
    try {
      await expect(refused.start()).rejects.toThrow(
        /switch on Server Members Intent, Presence Intent and Message Content Intent/,
      );
    } finally {
      await refused.stop();
      await strict.close();
    }
  });

  it("a wrong token stops start-up", async () => {
    const wrong = new DiscordJsAdapter({ token: "wrong", apiUrl: standIn.apiUrl, gateway: true, logger });
    await expect(wrong.start()).rejects.toThrow(/invalid token/i);
    await wrong.stop();
  });
});

describe("a member leaving", () => {
  it("revokes their dashboard token and tells them by DM", async () => {
    const deps = { storage: test.storage, discord: adapter };
    const { record } = await createDashboardToken(deps, {
      serverId: guild.id,
      userId: alice.id,
      permission: "admin",
    });
    const after = standIn.requests.length;
    await standIn.dispatch("GUILD_MEMBER_REMOVE", {
      guild_id: guild.id,
      user: { id: alice.id, username: "alice" },
    });
    const dm = await standIn.waitForRequest(
      (request) => request.method === "POST" && /^\/channels\/\d+\/messages$/.test(request.path),
      { after },
    );
    expect(dm.body.content).toBe(
      "Your Hearth dashboard token for Stand-in Hollow was revoked because you left the server.",
    );
    expect(standIn.state.dmChannels.get(dm.path.split("/")[2] ?? "")).toBe(alice.id);
    const tokens = await listDashboardTokens(deps, guild.id);
    expect(tokens.find((token) => token.id === record.id)?.revokedAt).toEqual(expect.any(Number));
  });

  it("with DMs closed, the token is still revoked and nothing fails", async () => {
    const deps = { storage: test.storage, discord: adapter };
    const { record } = await createDashboardToken(deps, {
      serverId: guild.id,
      userId: closed.id,
      permission: "admin",
    });
    const left = next("memberRemove");
    await standIn.dispatch("GUILD_MEMBER_REMOVE", {
      guild_id: guild.id,
      user: { id: closed.id, username: "closedbook" },
    });
    await left;
    await adapter.events.idle();
    const tokens = await listDashboardTokens(deps, guild.id);
    expect(tokens.find((token) => token.id === record.id)?.revokedAt).toEqual(expect.any(Number));
  });
});

describe("interactions", () => {
  const owner = () => guild.ownerId;

  it("a slash command reaches its handler with its options, and the reply goes to the callback", async () => {
    const seen: unknown[] = [];
    bot.onCommand("grinder", async (interaction) => {
      seen.push(interaction.data);
      await interaction.reply(`Added <@${interaction.data.options.user}>`);
    });
    const payload = standIn.slashCommand({
      guildId: guild.id,
      userId: owner(),
      name: "grinder",
      subcommand: "add",
      options: { user: { user: alice.id }, tier: "Gold", payment: 1.5 },
    });
    const { callback } = await interact(payload);
    expect(callback.body).toEqual({
      type: 4,
      data: { content: `Added <@${alice.id}>`, allowed_mentions: { parse: [], users: [], roles: [] } },
    });
    expect(seen[0]).toMatchObject({
      kind: "command",
      name: "grinder",
      subcommand: "add",
      subcommandGroup: null,
      guildId: guild.id,
      channelId,
      options: { user: alice.id, tier: "Gold", payment: 1.5 },
      user: { id: owner() },
      member: { guildId: guild.id },
      resolved: { users: { [alice.id]: { username: "alice" } } },
    });
  });

  it("a slow handler is deferred (type 5) before Discord's 3 s, and its reply edits the deferral", async () => {
    bot.onCommand("slow", async (interaction) => {
      await sleep(2800);
      await interaction.reply("Done at last");
    });
    const payload = standIn.slashCommand({ guildId: guild.id, userId: owner(), name: "slow" });
    const { callback, elapsed, after } = await interact(payload);
    expect(callback.body).toEqual({ type: 5, data: {} });
    expect(elapsed).toBeGreaterThanOrEqual(2400);
    expect(elapsed).toBeLessThan(3000);
    const edit = await standIn.waitForRequest(
      (request) =>
        request.method === "PATCH" && request.path.endsWith(`/${payload.token}/messages/@original`),
      { after },
    );
    expect(edit.body.content).toBe("Done at last");
  });

  it("an expected error (AppError) becomes one ephemeral reply with its message", async () => {
    bot.onCommand("fails", () => {
      throw badRequest("That amount isn't valid: use a number like 1.5m.");
    });
    const payload = standIn.slashCommand({ guildId: guild.id, userId: owner(), name: "fails" });
    const { callback, after } = await interact(payload);
    expect(callback.body).toMatchObject({
      type: 4,
      data: { content: "That amount isn't valid: use a number like 1.5m.", flags: 64 },
    });
    await sleep(50);
    expect(
      standIn.requests.slice(after).filter((request) => request.path.includes(payload.token)),
    ).toHaveLength(1);
  });

  it("an unexpected error becomes a generic ephemeral reply", async () => {
    bot.onCommand("bug", () => {
      throw new Error("boom");
    });
    const { callback } = await interact(
      standIn.slashCommand({ guildId: guild.id, userId: owner(), name: "bug" }),
    );
    expect(callback.body.data).toMatchObject({
      content: expect.stringMatching(/^Something went wrong/),
      flags: 64,
    });
    expect(callback.body.data.content).not.toContain("boom");
  });

  it("a button click reaches the onButton handler of its prefix", async () => {
    const clicks: string[] = [];
    bot.onButton("giveaway:enter:", async (interaction) => {
      clicks.push(
        `${interaction.data.customId} by ${interaction.data.user.id} on ${interaction.data.messageId}`,
      );
      await interaction.reply("You're in! (1 entry)", { ephemeral: true });
    });
    const sent = await adapter.sendMessage(channelId, {
      content: "Giveaway",
      components: [[{ type: "button", style: "success", label: "Enter", customId: "giveaway:enter:42" }]],
    });
    const payload = standIn.buttonClick({
      guildId: guild.id,
      userId: alice.id,
      messageId: sent.id,
      customId: "giveaway:enter:42",
    });
    const { callback } = await interact(payload);
    expect(clicks).toEqual([`giveaway:enter:42 by ${alice.id} on ${sent.id}`]);
    expect(callback.body).toMatchObject({ type: 4, data: { content: "You're in! (1 entry)", flags: 64 } });
  });
});
