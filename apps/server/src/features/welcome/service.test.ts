import { defaultWelcomeConfig, type WelcomeConfig } from "@hearth/core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestContext, dialects, seedOtherGuild, type TestContext } from "../../../test/helpers.ts";
import { demoBotId, demoGuildId, demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { AppError } from "../../lib/errors.ts";
import { listAudit } from "../audit/service.ts";
import { registerWelcomeJobs } from "./jobs.ts";
import {
  addPingChannel,
  getPingOnJoin,
  pingDeleteDelayMs,
  removePingChannel,
  sendJoinPings,
  togglePingOnJoin,
  updatePingOnJoin,
} from "./ping.ts";
import {
  getWelcomeConfig,
  previewWelcome,
  renderWelcomeFor,
  resetWelcome,
  sendTestWelcome,
  sendWelcome,
  toggleWelcome,
  updateWelcomeConfig,
} from "./service.ts";

const actor = { tokenId: null, userId: demoOwnerId };

/** The error a promise rejects with, for asserting status, field and message together. */
async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

async function outbox(t: TestContext, action: string) {
  const rows = await t.ctx.storage.db
    .selectFrom("sandbox_outbox")
    .selectAll()
    .where("action", "=", action)
    .orderBy("id")
    .execute();
  return rows.map((row) => JSON.parse(row.payload) as Record<string, unknown>);
}

describe.each(dialects)("welcome services on %s", (dialect) => {
  let t: TestContext;
  let ids: Record<string, string>;
  let aMember: string;

  beforeAll(async () => {
    t = await createTestContext({ dialect });
    registerWelcomeJobs(t.ctx);
    const channels = await t.ctx.discord.listChannels(demoGuildId);
    ids = Object.fromEntries(channels.map((channel) => [channel.name, channel.id]));
    const member = await t.ctx.storage.db
      .selectFrom("sandbox_members")
      .select("user_id")
      .where("guild_id", "=", demoGuildId)
      .where("user_id", "not in", [demoOwnerId, demoBotId])
      .executeTakeFirstOrThrow();
    aMember = member.user_id;
    // Its #secret-plans (444…) is a real text channel, of another server.
    await seedOtherGuild(t.ctx);
  });
  afterAll(() => t.cleanup());
  beforeEach(async () => {
    await resetWelcome(t.ctx, demoGuildId, actor);
    await t.ctx.storage.db.deleteFrom("welcome_ping_channels").execute();
    await t.ctx.storage.db.deleteFrom("welcome_ping_configs").execute();
  });

  const configIn = (channelId: string | null, enabled = true): WelcomeConfig => ({
    ...defaultWelcomeConfig,
    enabled,
    channelId,
  });

  describe("welcome config", () => {
    it("starts at the defaults and saves a new config with an audit entry naming what changed", async () => {
      expect(await getWelcomeConfig(t.ctx, demoGuildId)).toEqual(defaultWelcomeConfig);
      const config = {
        ...configIn(ids.welcome as string),
        embed: { ...defaultWelcomeConfig.embed, title: "Yo" },
      };
      expect(await updateWelcomeConfig(t.ctx, demoGuildId, actor, config)).toEqual(config);
      expect(await getWelcomeConfig(t.ctx, demoGuildId)).toEqual(config);
      const [entry] = await listAudit(t.ctx.storage.db, demoGuildId, 1);
      expect(entry).toMatchObject({
        action: "welcome.config.update",
        actorUserId: demoOwnerId,
        summary: {
          changed: ["enabled", "channelId", "embed.title"],
          before: { enabled: false, channelId: null },
          after: { enabled: true, channelId: ids.welcome },
        },
      });
    });

    it.each([
      ["a voice channel", "Lounge", "is not a text channel"],
      ["a category", "Information", "is not a text channel"],
    ])("refuses %s as the channel", async (_name, channelName, message) => {
      const error = await failure(
        updateWelcomeConfig(t.ctx, demoGuildId, actor, configIn(ids[channelName] as string)),
      );
      expect(error).toMatchObject({ statusCode: 400, field: "channelId" });
      expect(error.message).toContain(message);
    });

    it("refuses another server's channel and turning on without a channel", async () => {
      const other = await failure(
        updateWelcomeConfig(t.ctx, demoGuildId, actor, configIn("444444444444444444")),
      );
      expect(other).toMatchObject({ statusCode: 400, field: "channelId" });
      const none = await failure(updateWelcomeConfig(t.ctx, demoGuildId, actor, configIn(null)));
      expect(none).toMatchObject({ statusCode: 400, field: "channelId" });
      expect(await getWelcomeConfig(t.ctx, demoGuildId)).toEqual(defaultWelcomeConfig);
    });

    it("toggles on only with a channel that still exists, keeping the rest of the config", async () => {
      expect(await failure(toggleWelcome(t.ctx, demoGuildId, actor, true))).toMatchObject({
        statusCode: 400,
        field: "channelId",
      });
      await updateWelcomeConfig(t.ctx, demoGuildId, actor, configIn(ids.memes as string, false));
      const on = await toggleWelcome(t.ctx, demoGuildId, actor, true);
      expect(on).toEqual(configIn(ids.memes as string, true));
      expect((await toggleWelcome(t.ctx, demoGuildId, actor, false)).enabled).toBe(false);

      const gone = await t.ctx.discord.createChannel(demoGuildId, { name: "short-lived", type: 0 });
      await updateWelcomeConfig(t.ctx, demoGuildId, actor, configIn(gone.id, false));
      await t.ctx.storage.db.deleteFrom("sandbox_channels").where("id", "=", gone.id).execute();
      expect(await failure(toggleWelcome(t.ctx, demoGuildId, actor, true))).toMatchObject({
        statusCode: 400,
        field: "channelId",
      });
    });

    it("reset goes back to the defaults and is audited", async () => {
      await updateWelcomeConfig(t.ctx, demoGuildId, actor, configIn(ids.welcome as string));
      expect(await resetWelcome(t.ctx, demoGuildId, actor)).toEqual(defaultWelcomeConfig);
      expect(await getWelcomeConfig(t.ctx, demoGuildId)).toEqual(defaultWelcomeConfig);
      const [entry] = await listAudit(t.ctx.storage.db, demoGuildId, 1);
      expect(entry).toMatchObject({ action: "welcome.reset", summary: { before: { enabled: true } } });
    });
  });

  describe("rendering", () => {
    it("previews for the dashboard user as a member, listing unknown tags with suggestions", async () => {
      const config: WelcomeConfig = {
        ...defaultWelcomeConfig,
        embed: {
          ...defaultWelcomeConfig.embed,
          title: "Hi {user.username}",
          description: "{server.membercont} and {user.mentoin}",
          footer: { text: "{server.owner}", iconURL: "" },
        },
      };
      const preview = await previewWelcome(t.ctx, demoGuildId, demoOwnerId, config);
      expect(preview.content).toBe(`<@${demoOwnerId}>`);
      expect(preview.embed.title).toBe("Hi emberkeeper");
      expect(preview.embed.description).toBe("{server.membercont} and {user.mentoin}");
      expect(preview.embed.footer).toEqual({ text: "emberkeeper", iconURL: null });
      expect(preview.embed.thumbnail).toMatch(/^https:\/\/cdn\.discordapp\.com\/embed\/avatars\/\d\.png$/);
      expect(preview.button?.customId).toBe(`welcome:wave:${demoOwnerId}`);
      expect(preview.unknownTags).toEqual([
        { field: "embed.description", tag: "{server.membercont}", suggestion: "{server.memberCount}" },
        { field: "embed.description", tag: "{user.mentoin}", suggestion: "{user.mention}" },
      ]);
    });

    it("renders the default welcome for a member with the server's real count and ordinal", async () => {
      const member = await t.ctx.discord.getMember(demoGuildId, aMember);
      if (!member) throw new Error("no member");
      const message = await renderWelcomeFor(t.ctx, demoGuildId, member);
      expect(message.embed.title).toBe("Welcome to Ember Hollow!");
      expect(message.embed.description).toBe(
        `Hey <@${aMember}>, you're our 320th member!\nRead the rules and grab your roles.`,
      );
    });
  });

  describe("sending", () => {
    it("the test message needs a channel, then goes to it for the dashboard user", async () => {
      expect(await failure(sendTestWelcome(t.ctx, demoGuildId, actor))).toMatchObject({
        statusCode: 400,
        field: "channelId",
      });
      await updateWelcomeConfig(t.ctx, demoGuildId, actor, configIn(ids.welcome as string, false));
      const result = await sendTestWelcome(t.ctx, demoGuildId, actor);
      expect(result).toEqual({ sent: true, messageId: expect.any(String), channelId: ids.welcome });
      const sent = (await outbox(t, "message.send")).find(
        (payload) => payload.messageId === result.messageId,
      );
      expect(sent).toMatchObject({
        channelId: ids.welcome,
        message: {
          content: `<@${demoOwnerId}>`,
          embeds: [{ title: "Welcome to Ember Hollow!", color: 0x2f3136, timestamp: expect.any(String) }],
          components: [[{ type: "button", customId: `welcome:wave:${demoOwnerId}`, emoji: "👋" }]],
          allowedMentions: { users: [demoOwnerId] },
        },
      });
      const [entry] = await listAudit(t.ctx.storage.db, demoGuildId, 1);
      expect(entry).toMatchObject({ action: "welcome.test", summary: { messageId: result.messageId } });
    });

    it("on join, greets only when on, only humans, pinging only the new member", async () => {
      expect(await sendWelcome(t.ctx, demoGuildId, aMember)).toEqual({ sent: false, reason: "disabled" });
      await updateWelcomeConfig(t.ctx, demoGuildId, actor, configIn(ids.welcome as string));
      const result = await sendWelcome(t.ctx, demoGuildId, aMember);
      expect(result).toMatchObject({ sent: true, channelId: ids.welcome });
      const sent = (await outbox(t, "message.send")).at(-1);
      expect(sent).toMatchObject({
        channelId: ids.welcome,
        message: { content: `<@${aMember}>`, allowedMentions: { users: [aMember] } },
      });
      expect(await sendWelcome(t.ctx, demoGuildId, demoBotId)).toEqual({ sent: false, reason: "bot" });
      expect(await sendWelcome(t.ctx, demoGuildId, "999999999999999999")).toEqual({
        sent: false,
        reason: "not_a_member",
      });
    });

    it("on join, without the mention, pings nobody", async () => {
      await updateWelcomeConfig(t.ctx, demoGuildId, actor, {
        ...configIn(ids.welcome as string),
        mentionUser: false,
      });
      await sendWelcome(t.ctx, demoGuildId, aMember);
      const sent = (await outbox(t, "message.send")).at(-1) as { message: Record<string, unknown> };
      expect(sent.message.content).toBeUndefined();
      expect(sent.message.allowedMentions).toEqual({ users: [] });
    });

    it("on join, a deleted channel is reported, not thrown", async () => {
      const gone = await t.ctx.discord.createChannel(demoGuildId, { name: "gone-soon", type: 0 });
      await updateWelcomeConfig(t.ctx, demoGuildId, actor, configIn(gone.id));
      await t.ctx.storage.db.deleteFrom("sandbox_channels").where("id", "=", gone.id).execute();
      expect(await sendWelcome(t.ctx, demoGuildId, aMember)).toEqual({
        sent: false,
        reason: "unknown_channel",
      });
    });
  });

  describe("ping on join", () => {
    it("adds channels in order, refuses a duplicate with the spec's message, removes, and turns off with the last", async () => {
      await addPingChannel(t.ctx, demoGuildId, actor, { channelId: ids.general as string });
      const added = await addPingChannel(t.ctx, demoGuildId, actor, {
        channelId: ids["self-roles"] as string,
        message: "{user} roles here",
      });
      expect(added).toEqual({
        enabled: false,
        channels: [ids.general, ids["self-roles"]],
        messages: { [ids["self-roles"] as string]: "{user} roles here" },
      });
      const duplicate = await failure(
        addPingChannel(t.ctx, demoGuildId, actor, { channelId: ids.general as string }),
      );
      expect(duplicate).toMatchObject({
        statusCode: 409,
        message: "Channel is already in the list",
        field: "channelId",
      });

      expect((await togglePingOnJoin(t.ctx, demoGuildId, actor, true)).enabled).toBe(true);
      const missing = await failure(removePingChannel(t.ctx, demoGuildId, actor, ids.memes as string));
      expect(missing.statusCode).toBe(404);
      expect(await removePingChannel(t.ctx, demoGuildId, actor, ids.general as string)).toMatchObject({
        enabled: true,
        channels: [ids["self-roles"]],
      });
      expect(await removePingChannel(t.ctx, demoGuildId, actor, ids["self-roles"] as string)).toEqual({
        enabled: false,
        channels: [],
        messages: {},
      });
      const actions = (await listAudit(t.ctx.storage.db, demoGuildId, 6)).map((entry) => entry.action);
      expect(actions).toEqual([
        "welcome.ping.channel.remove",
        "welcome.ping.channel.remove",
        "welcome.ping.toggle",
        "welcome.ping.channel.add",
        "welcome.ping.channel.add",
        "welcome.reset",
      ]);
    });

    it("refuses turning on with no channels, and non-text or foreign channels", async () => {
      const none = await failure(togglePingOnJoin(t.ctx, demoGuildId, actor, true));
      expect(none).toMatchObject({
        statusCode: 400,
        field: "channels",
        message: "channels: At least one channel must be configured",
      });
      expect(
        await failure(updatePingOnJoin(t.ctx, demoGuildId, actor, { enabled: true, channels: [] })),
      ).toMatchObject({ statusCode: 400, field: "channels" });
      expect(
        await failure(addPingChannel(t.ctx, demoGuildId, actor, { channelId: ids.Lounge as string })),
      ).toMatchObject({ statusCode: 400, field: "channelId" });
      expect(
        await failure(
          updatePingOnJoin(t.ctx, demoGuildId, actor, {
            enabled: true,
            channels: [ids.general as string, "444444444444444444"],
          }),
        ),
      ).toMatchObject({ statusCode: 400, field: "channels.1" });
    });

    it("replaces the list: no duplicates, messages only for listed channels, kept when left out", async () => {
      const general = ids.general as string;
      const roles = ids["self-roles"] as string;
      expect(
        await failure(
          updatePingOnJoin(t.ctx, demoGuildId, actor, { enabled: true, channels: [general, general] }),
        ),
      ).toMatchObject({ statusCode: 400, field: "channels.1" });
      expect(
        await failure(
          updatePingOnJoin(t.ctx, demoGuildId, actor, {
            enabled: true,
            channels: [general],
            messages: { [roles]: "x" },
          }),
        ),
      ).toMatchObject({ statusCode: 400, field: `messages.${roles}` });

      await updatePingOnJoin(t.ctx, demoGuildId, actor, {
        enabled: true,
        channels: [general, roles],
        messages: { [roles]: "Pick roles {user}" },
      });
      const reordered = await updatePingOnJoin(t.ctx, demoGuildId, actor, {
        enabled: true,
        channels: [roles, general],
      });
      expect(reordered).toEqual({
        enabled: true,
        channels: [roles, general],
        messages: { [roles]: "Pick roles {user}" },
      });
      const cleared = await updatePingOnJoin(t.ctx, demoGuildId, actor, {
        enabled: false,
        channels: [roles],
        messages: {},
      });
      expect(cleared).toEqual({ enabled: false, channels: [roles], messages: {} });
    });

    it("holds at most 20 channels", async () => {
      const channels: string[] = [];
      for (let index = 0; index < 21; index++) {
        channels.push(
          (await t.ctx.discord.createChannel(demoGuildId, { name: `ping-${index}`, type: 0 })).id,
        );
      }
      await updatePingOnJoin(t.ctx, demoGuildId, actor, { enabled: true, channels: channels.slice(0, 20) });
      const full = await failure(
        addPingChannel(t.ctx, demoGuildId, actor, { channelId: channels[20] as string }),
      );
      expect(full).toMatchObject({ statusCode: 400, field: "channelId" });
    });

    it("concurrent adds never lose a channel, and the same channel lands once", async () => {
      const names = ["general", "memes", "media", "bot-commands", "suggestions", "events", "giveaways"];
      await Promise.all(
        names.map((name) => addPingChannel(t.ctx, demoGuildId, actor, { channelId: ids[name] as string })),
      );
      const results = await Promise.allSettled(
        Array.from({ length: 5 }, () =>
          addPingChannel(t.ctx, demoGuildId, actor, { channelId: ids.rules as string }),
        ),
      );
      expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
      for (const result of results) {
        if (result.status === "rejected") expect(result.reason).toMatchObject({ statusCode: 409 });
      }
      const config = await getPingOnJoin(t.ctx, demoGuildId);
      expect(config.channels.toSorted()).toEqual([...names, "rules"].map((name) => ids[name]).toSorted());
    });

    it("on join, mentions the member in each channel, then a durable job deletes each ping", async () => {
      const general = ids.general as string;
      const roles = ids["self-roles"] as string;
      expect(await sendJoinPings(t.ctx, demoGuildId, aMember)).toEqual({ pings: [], failed: [] });
      await updatePingOnJoin(t.ctx, demoGuildId, actor, {
        enabled: true,
        channels: [general, roles],
        messages: { [roles]: "Grab roles here, {user.username}!" },
      });
      const before = Date.now();
      const result = await sendJoinPings(t.ctx, demoGuildId, aMember);
      expect(result.failed).toEqual([]);
      expect(result.pings.map((ping) => ping.channelId)).toEqual([general, roles]);

      const sends = (await outbox(t, "message.send")).slice(-2);
      const member = await t.ctx.discord.getMember(demoGuildId, aMember);
      expect(sends).toEqual([
        {
          channelId: general,
          messageId: result.pings[0]?.messageId,
          message: { content: `<@${aMember}>`, allowedMentions: { users: [aMember] } },
        },
        {
          channelId: roles,
          messageId: result.pings[1]?.messageId,
          message: {
            content: `<@${aMember}> Grab roles here, ${member?.user.username}!`,
            allowedMentions: { users: [aMember] },
          },
        },
      ]);

      const jobs = await t.ctx.storage.db
        .selectFrom("jobs")
        .selectAll()
        .where("kind", "=", "welcome.ping.delete")
        .where("status", "=", "pending")
        .execute();
      expect(jobs).toHaveLength(2);
      for (const job of jobs) {
        expect(job.run_at).toBeGreaterThanOrEqual(before + pingDeleteDelayMs);
        expect(job.run_at).toBeLessThanOrEqual(Date.now() + pingDeleteDelayMs);
      }
      // Not due yet: nothing is deleted early.
      await t.ctx.jobs.runDue();
      expect(await outbox(t, "message.delete")).toHaveLength(0);

      // One ping was already removed by hand; its job must still finish quietly.
      await t.ctx.discord.deleteMessage(general, result.pings[0]?.messageId as string);
      await t.ctx.storage.db
        .updateTable("jobs")
        .set({ run_at: 0 })
        .where("kind", "=", "welcome.ping.delete")
        .execute();
      await t.ctx.jobs.runDue();
      const deletes = (await outbox(t, "message.delete")).map((payload) => payload.messageId);
      expect(deletes.toSorted()).toEqual(result.pings.map((ping) => ping.messageId).toSorted());
      const statuses = await t.ctx.storage.db
        .selectFrom("jobs")
        .select("status")
        .where("kind", "=", "welcome.ping.delete")
        .execute();
      expect(statuses.map((row) => row.status)).not.toContain("pending");
      expect(statuses.map((row) => row.status)).not.toContain("failed");
    });

    it("on join, skips bots and reports a channel that is gone", async () => {
      const gone = await t.ctx.discord.createChannel(demoGuildId, { name: "gone-ping", type: 0 });
      await updatePingOnJoin(t.ctx, demoGuildId, actor, {
        enabled: true,
        channels: [gone.id, ids.general as string],
      });
      await t.ctx.storage.db.deleteFrom("sandbox_channels").where("id", "=", gone.id).execute();
      expect(await sendJoinPings(t.ctx, demoGuildId, demoBotId)).toEqual({ pings: [], failed: [] });
      const result = await sendJoinPings(t.ctx, demoGuildId, aMember);
      expect(result.failed).toEqual([{ channelId: gone.id, reason: "unknown_channel" }]);
      expect(result.pings.map((ping) => ping.channelId)).toEqual([ids.general]);
    });
  });
});
