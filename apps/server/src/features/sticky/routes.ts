import {
  botMessagePreview,
  serverIdParams,
  stickyBody,
  stickyLimits,
  stickyList,
  stickyParams,
  stickyPreviewBody,
  stickySaved,
} from "@hearth/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { actorOf } from "../../http/auth-plugin.ts";
import { listStickies, previewSticky, removeSticky, type Sticky, setSticky } from "./service.ts";

const security = [{ dashboardToken: [] }];
const tags = ["sticky"];

const item = ({
  channelId,
  message,
  triggerCount,
  messageCount,
  lastMessageId,
  enabled,
  createdBy,
  updatedAt,
}: Sticky) => ({
  channelId,
  message,
  triggerCount,
  messageCount,
  lastMessageId,
  enabled,
  createdBy,
  updatedAt,
});

/** The dashboard's Sticky messages page: the same service `/sticky set|remove|list` use. */
export const stickyRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    "/api/sticky/:serverId",
    {
      schema: {
        tags,
        summary: "The server's sticky messages (one per channel), oldest first, with the limits",
        security,
        params: serverIdParams,
        response: { 200: stickyList },
      },
    },
    async (request) => ({
      stickies: (await listStickies(ctx, request.params.serverId)).map(item),
      limits: { ...stickyLimits },
    }),
  );

  app.put(
    "/api/sticky/:serverId/:channelId",
    {
      schema: {
        errors: { 409: "The server has as many sticky messages as it may (`serverCaps.stickies`)" },
        tags,
        summary:
          "Set a channel's sticky message (replacing the one it had) and post it at the bottom of the channel now",
        security,
        params: stickyParams,
        body: stickyBody,
        response: { 200: stickySaved },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { sticky, replaced } = await setSticky(ctx, request.params.serverId, {
        channelId: request.params.channelId,
        message: request.body.message,
        triggerCount: request.body.triggerCount ?? null,
        userId: actor.userId,
        actor,
      });
      return { sticky: item(sticky), replaced };
    },
  );

  app.delete(
    "/api/sticky/:serverId/:channelId",
    {
      schema: {
        errors: { 404: "The channel has no sticky message" },
        tags,
        summary: "Remove a channel's sticky message and delete its copy in the channel",
        security,
        params: stickyParams,
        response: { 200: stickySaved.pick({ sticky: true }) },
      },
    },
    async (request) => {
      const removed = await removeSticky(
        ctx,
        request.params.serverId,
        request.params.channelId,
        actorOf(request),
      );
      return { sticky: item(removed) };
    },
  );

  app.post(
    "/api/sticky/:serverId/preview",
    {
      schema: {
        tags,
        summary:
          "The sticky message as the bot would post it (built by the bot's own function; nothing is sent)",
        security,
        params: serverIdParams,
        body: stickyPreviewBody,
        response: { 200: botMessagePreview },
      },
      // Changes nothing: open to every level, like a read.
      config: { permission: "manager" },
    },
    async (request) => previewSticky(request.body.message),
  );
};
