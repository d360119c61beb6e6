import {
  type SandboxMessage,
  sandboxAsQuery,
  sandboxChannelParams,
  sandboxCommandsResponse,
  sandboxEventBody,
  sandboxEventResponse,
  sandboxFastForwardBody,
  sandboxFastForwardResponse,
  sandboxJobsResponse,
  sandboxMessageBody,
  sandboxMessagesQuery,
  sandboxMessagesResponse,
  sandboxResetBody,
  sandboxResetResponse,
  sandboxServerQuery,
  sandboxServerResponse,
} from "@hearth/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../context.ts";
import { DiscordError } from "../discord/port/port.ts";
import { SandboxAdapter } from "../discord/sandbox/adapter.ts";
import { conflict, notFound } from "../lib/errors.ts";
import { EphemeralAnswers } from "./answers.ts";
import { commandRefusals } from "./commands.ts";
import type { PlaygroundDeps } from "./deps.ts";
import { Presences } from "./identities.ts";
import { registerInteractionRoutes } from "./interaction-routes.ts";
import { LiveStreams, serveLiveChanges } from "./live.ts";
import { resetSandbox } from "./reset.ts";
import { errors } from "./schemas.ts";
import { readServer } from "./server-view.ts";
import { fastForward, pendingJobs, simulateServerEvent } from "./world.ts";

/**
 * The playground's API (`/api/sandbox/…`): registered only in sandbox mode, and open without a
 * dashboard token, like the demo server itself (listed in http/public-routes.ts). It plays the
 * members through the sandbox adapter's `simulate…` methods, the same path a gateway event takes,
 * and reads back what the bot wrote through the Discord port. No feature knows it exists.
 */
export type { PlaygroundDeps };

const resetCooldownMs = 10_000;

export function playgroundRoutes(deps: PlaygroundDeps): FastifyPluginAsyncZod<{ ctx: AppContext }> {
  return async (app, { ctx }) => {
    const sandbox = ctx.discord;
    if (!(sandbox instanceof SandboxAdapter)) throw new Error("the playground runs on the sandbox only");
    const ephemeral = new EphemeralAnswers();
    const presences = new Presences();
    const streams = new LiveStreams();
    let resetting = false;
    let lastReset = 0;
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

    registerInteractionRoutes(app, { ctx, deps, sandbox, ephemeral, simulated, guildOfChannel });

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
        // A reset rebuilds the whole sandbox (seconds of work): one at a time, and not again at once
        // (a double click, a second tab) while the first one's server is what everyone sees.
        if (resetting) throw conflict("A reset is already under way.");
        const since = Date.now() - lastReset;
        if (since < resetCooldownMs) {
          throw conflict(
            `The demo server was reset a moment ago; try again in ${Math.ceil((resetCooldownMs - since) / 1000)} s.`,
          );
        }
        resetting = true;
        try {
          await resetSandbox(ctx, sandbox, deps);
        } finally {
          resetting = false;
          lastReset = Date.now();
        }
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
          errors: { 406: "The request's Accept header does not ask for text/event-stream" },
        },
      },
      (request, reply) => serveLiveChanges(streams, sandbox.changes, request, reply),
    );
  };
}
