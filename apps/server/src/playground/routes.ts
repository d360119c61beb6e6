import {
  apiError,
  type SandboxMessage,
  sandboxAnswersResponse,
  sandboxAsQuery,
  sandboxButtonBody,
  sandboxChannelParams,
  sandboxCommandBody,
  sandboxCommandsResponse,
  sandboxEventBody,
  sandboxEventResponse,
  sandboxFastForwardBody,
  sandboxFastForwardResponse,
  sandboxJobsResponse,
  sandboxMessageBody,
  sandboxMessagesQuery,
  sandboxMessagesResponse,
  sandboxModalBody,
  sandboxReactionBody,
  sandboxResetBody,
  sandboxResetResponse,
  sandboxSelectBody,
  sandboxServerQuery,
  sandboxServerResponse,
} from "@hearth/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ManagerRoleResolver } from "../bot/commands/permissions.ts";
import type { AppContext } from "../context.ts";
import { DiscordError } from "../discord/port.ts";
import { SandboxAdapter } from "../discord/sandbox-adapter.ts";
import { badRequest, notFound } from "../lib/errors.ts";
import { EphemeralAnswers } from "./answers.ts";
import { commandRefusals, parseCommandPath } from "./commands.ts";
import { Presences } from "./identities.ts";
import { LiveStreams, serveLiveChanges } from "./live.ts";
import { resetSandbox } from "./reset.ts";
import { readServer } from "./server-view.ts";
import { fastForward, pendingJobs, simulateServerEvent } from "./world.ts";

/** What the playground needs from the assembled program (composition.ts hands it over). */
export interface PlaygroundDeps {
  managerRoleOf: ManagerRoleResolver;
  /** The command paths the bot has handlers for. */
  commandPaths: readonly string[];
  /** Deletes a server's feature data (not its dashboard tokens or audit log) and the jobs naming it. */
  purgeServer: (serverId: string) => Promise<void>;
  /** The features' demo seeds, as on the first start. */
  seedDemos: () => Promise<void>;
}

const errors = { 400: apiError, 404: apiError, 409: apiError };

/**
 * The playground's API (`/api/sandbox/…`): registered only in sandbox mode, and open without a
 * dashboard token, like the demo server itself (listed in http/public-routes.ts). It plays the
 * members through the sandbox adapter's `simulate…` methods, the same path a gateway event takes,
 * and reads back what the bot wrote through the Discord port. No feature knows it exists.
 */
export function playgroundRoutes(deps: PlaygroundDeps): FastifyPluginAsyncZod<{ ctx: AppContext }> {
  return async (app, { ctx }) => {
    const sandbox = ctx.discord;
    if (!(sandbox instanceof SandboxAdapter)) throw new Error("the playground runs on the sandbox only");
    const ephemeral = new EphemeralAnswers();
    const presences = new Presences();
    const streams = new LiveStreams();
    app.addHook("preClose", async () => streams.endAll());

    /** The sandbox's "no such thing" as a 404 naming what is missing, not a 502 from Discord. */
    const simulated = async <T>(work: () => Promise<T>): Promise<T> => {
      try {
        return await work();
      } catch (error) {
        if (error instanceof DiscordError && error.code.startsWith("unknown_")) {
          throw notFound(`${error.message.replace(/^Unknown /, "No such ")} in the sandbox`);
        }
        throw error;
      }
    };
    const guildOfChannel = async (channelId: string) => {
      const channel = await sandbox.getChannel(channelId);
      if (!channel) throw notFound(`No channel ${channelId} in the sandbox`);
      return channel.guildId;
    };

    app.get(
      "/api/sandbox/server",
      {
        schema: {
          tags: ["sandbox"],
          summary: "The demo server as a member sees it",
          querystring: sandboxServerQuery,
          response: { 200: sandboxServerResponse, ...errors },
        },
      },
      async (request) => readServer(sandbox, presences, request.query.as),
    );

    app.get(
      "/api/sandbox/channels/:channelId/messages",
      {
        schema: {
          tags: ["sandbox"],
          summary: "A channel's messages (or a DM's, `dm-<user id>`), with the viewer's ephemeral answers",
          params: sandboxChannelParams,
          querystring: sandboxMessagesQuery,
          response: { 200: sandboxMessagesResponse, ...errors },
        },
      },
      async (request) => {
        const { channelId } = request.params;
        const { as, before, limit } = request.query;
        if (!channelId.startsWith("dm-")) await guildOfChannel(channelId);
        const page = await sandbox.viewMessages(channelId, { viewerId: as, before, limit });
        const messages: SandboxMessage[] = page.messages.map((message) => ({
          ...message,
          ephemeral: false,
          command: null,
        }));
        if (as && !before) {
          messages.push(...ephemeral.list(as, channelId));
          messages.sort((a, b) => a.createdAt - b.createdAt);
        }
        return { messages, users: await sandbox.viewUsers(page.userIds), hasMore: page.hasMore };
      },
    );

    app.get(
      "/api/sandbox/commands",
      {
        schema: {
          tags: ["sandbox"],
          summary: "The bot's commands, and whether this member may run each",
          querystring: sandboxAsQuery,
          response: { 200: sandboxCommandsResponse, ...errors },
        },
      },
      async (request) => ({
        commands: await simulated(() =>
          commandRefusals(ctx, sandbox, deps.managerRoleOf, deps.commandPaths, request.query.as),
        ),
      }),
    );

    app.post(
      "/api/sandbox/messages",
      {
        schema: {
          tags: ["sandbox"],
          summary: "A member posts in a channel",
          body: sandboxMessageBody,
          response: { 200: z.object({ id: z.string() }), ...errors },
        },
      },
      async (request) => {
        const { channelId, userId, content } = request.body;
        const guildId = await guildOfChannel(channelId);
        if (!(await sandbox.getMember(guildId, userId)))
          throw notFound(`${userId} is not a member of this server`);
        const sent = await simulated(() => sandbox.simulateMessage(channelId, userId, content));
        return { id: sent.id };
      },
    );

    app.post(
      "/api/sandbox/interactions/command",
      {
        schema: {
          tags: ["sandbox"],
          summary: "A member runs a slash command",
          body: sandboxCommandBody,
          response: { 200: sandboxAnswersResponse, ...errors },
        },
      },
      async (request) => {
        const { channelId, userId, name, options } = request.body;
        if (!deps.commandPaths.includes(name)) throw badRequest(`There is no command /${name}`, "name");
        const guildId = await guildOfChannel(channelId);
        const path = parseCommandPath(name);
        const responses = await simulated(() =>
          sandbox.simulateCommand({ guildId, userId, channelId, ...path, options }),
        );
        return ephemeral.record(responses, {
          userId,
          channelId,
          botUserId: sandbox.botUserId,
          command: name,
        });
      },
    );

    const messageChannel = async (messageId: string) => {
      const row = await ctx.storage.db
        .selectFrom("sandbox_messages")
        .select(["channel_id", "guild_id"])
        .where("id", "=", messageId)
        .where("deleted_at", "is", null)
        .executeTakeFirst();
      if (!row?.guild_id) throw notFound(`No message ${messageId} in a server channel of the sandbox`);
      return { channelId: row.channel_id, guildId: row.guild_id };
    };

    app.post(
      "/api/sandbox/interactions/button",
      {
        schema: {
          tags: ["sandbox"],
          summary: "A member presses a button",
          body: sandboxButtonBody,
          response: { 200: sandboxAnswersResponse, ...errors },
        },
      },
      async (request) => {
        const { userId, messageId, customId } = request.body;
        const { channelId, guildId } = await messageChannel(messageId);
        const responses = await simulated(() =>
          sandbox.simulateButton({ guildId, userId, messageId, customId }),
        );
        return ephemeral.record(responses, {
          userId,
          channelId,
          botUserId: sandbox.botUserId,
          command: null,
        });
      },
    );

    app.post(
      "/api/sandbox/interactions/select",
      {
        schema: {
          tags: ["sandbox"],
          summary: "A member picks in a select menu",
          body: sandboxSelectBody,
          response: { 200: sandboxAnswersResponse, ...errors },
        },
      },
      async (request) => {
        const { userId, messageId, customId, values } = request.body;
        const { channelId, guildId } = await messageChannel(messageId);
        const responses = await simulated(() =>
          sandbox.simulateSelect({ guildId, userId, messageId, customId, values }),
        );
        return ephemeral.record(responses, {
          userId,
          channelId,
          botUserId: sandbox.botUserId,
          command: null,
        });
      },
    );

    app.post(
      "/api/sandbox/interactions/modal",
      {
        schema: {
          tags: ["sandbox"],
          summary: "A member submits a form",
          body: sandboxModalBody,
          response: { 200: sandboxAnswersResponse, ...errors },
        },
      },
      async (request) => {
        const { userId, channelId, customId, messageId, fields } = request.body;
        const guildId = messageId
          ? (await messageChannel(messageId)).guildId
          : await guildOfChannel(channelId);
        const responses = await simulated(() =>
          sandbox.simulateModal({
            guildId,
            userId,
            customId,
            fields,
            channelId,
            ...(messageId ? { messageId } : {}),
          }),
        );
        return ephemeral.record(responses, {
          userId,
          channelId,
          botUserId: sandbox.botUserId,
          command: null,
        });
      },
    );

    app.post(
      "/api/sandbox/reactions",
      {
        schema: {
          tags: ["sandbox"],
          summary: "A member adds or takes back a reaction",
          body: sandboxReactionBody,
          response: { 200: z.object({ changed: z.boolean() }), ...errors },
        },
      },
      async (request) => {
        const { channelId, messageId, userId, emoji, remove } = request.body;
        const guildId = await guildOfChannel(channelId);
        if (!(await sandbox.getMember(guildId, userId)))
          throw notFound(`${userId} is not a member of this server`);
        let changed: boolean;
        try {
          changed = await simulated(() =>
            sandbox.simulateReaction({ channelId, messageId, userId, emoji, remove }),
          );
        } catch (error) {
          if (error instanceof Error && error.message.startsWith("Not an emoji")) {
            throw badRequest("emoji: is not an emoji (a unicode emoji or <:name:id>)", "emoji");
          }
          throw error;
        }
        sandbox.noteChange(guildId);
        return { changed };
      },
    );

    app.post(
      "/api/sandbox/events",
      {
        schema: {
          tags: ["sandbox"],
          summary: "Something happens on the server: a join, a leave, a status, a tag, a boost, a vote",
          body: sandboxEventBody,
          response: { 200: sandboxEventResponse, ...errors },
        },
      },
      async (request) => simulated(() => simulateServerEvent(ctx, sandbox, presences, request.body)),
    );

    app.get(
      "/api/sandbox/jobs",
      {
        schema: {
          tags: ["sandbox"],
          summary: "The bot's scheduled work still to come",
          response: { 200: sandboxJobsResponse, ...errors },
        },
      },
      async () => ({ jobs: await pendingJobs(ctx) }),
    );

    app.post(
      "/api/sandbox/fast-forward",
      {
        schema: {
          tags: ["sandbox"],
          summary: "Time passes: scheduled work falls due now and runs",
          body: sandboxFastForwardBody,
          response: { 200: sandboxFastForwardResponse, ...errors },
        },
      },
      async (request) => ({ ran: await fastForward(ctx, request.body?.jobId ?? null) }),
    );

    app.post(
      "/api/sandbox/reset",
      {
        schema: {
          tags: ["sandbox"],
          summary: "Restore the demo server to its seeded state",
          body: sandboxResetBody,
          response: { 200: sandboxResetResponse, ...errors },
        },
      },
      async () => {
        await resetSandbox(ctx, sandbox, deps);
        ephemeral.clear();
        presences.clear();
        sandbox.noteChange(null);
        return { message: "The demo server is back to its seeded state." };
      },
    );

    app.get(
      "/api/sandbox/live",
      {
        schema: {
          tags: ["sandbox"],
          summary: "Server-sent events: `change` whenever the sandbox changes",
          hide: false,
        },
      },
      (request, reply) => serveLiveChanges(streams, sandbox.changes, request, reply),
    );
  };
}
