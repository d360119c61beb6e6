import {
  sandboxAnswersResponse,
  sandboxButtonBody,
  sandboxCommandBody,
  sandboxModalBody,
  sandboxReactionBody,
  sandboxSelectBody,
} from "@hearth/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../context.ts";
import type { SandboxAdapter } from "../discord/sandbox/adapter.ts";
import { badRequest, notFound } from "../lib/errors.ts";
import type { EphemeralAnswers } from "./answers.ts";
import { parseCommandPath } from "./commands.ts";
import type { PlaygroundDeps } from "./deps.ts";
import { errors } from "./schemas.ts";

/** What the interaction routes share with the rest of the playground. */
export interface InteractionEnv {
  ctx: AppContext;
  deps: PlaygroundDeps;
  sandbox: SandboxAdapter;
  ephemeral: EphemeralAnswers;
  simulated: <T>(work: () => Promise<T>) => Promise<T>;
  guildOfChannel: (channelId: string) => Promise<string>;
}

/**
 * Members using the bot: slash commands, buttons, menus, forms and reactions, each dispatched as the
 * gateway's interaction or event; the bot's answers come back as its member saw them.
 */
export function registerInteractionRoutes(
  app: Parameters<FastifyPluginAsyncZod<{ ctx: AppContext }>>[0],
  { ctx, deps, sandbox, ephemeral, simulated, guildOfChannel }: InteractionEnv,
): void {
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
      const guildId = messageId ? (await messageChannel(messageId)).guildId : await guildOfChannel(channelId);
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
}
