import {
  boardDeleted,
  boardItem,
  boardList,
  boardParams,
  boardPreviewBody,
  boardRules,
  botMessagePreview,
  createBoardBody,
  editBoardBody,
  serverIdParams,
} from "@hearth/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { emojiMarkup } from "../../discord/port/port.ts";
import { actorOf } from "../../http/auth-plugin.ts";
import { previewBoardPost } from "./preview.ts";
import { type Board, createBoard, deleteBoard, editBoardById, listBoards } from "./service.ts";

const security = [{ dashboardToken: [] }];
const tags = ["boards"];

const item = (board: Board) => ({
  id: board.id,
  name: board.name,
  emoji: board.emojiMarkup,
  channelId: board.channelId,
  type: board.type,
  minReactions: board.minReactions,
  allowSelf: board.allowSelf,
  allowBots: board.allowBots,
  removeBelow: board.removeBelow,
  enabled: board.enabled,
  disabledReason: board.disabledReason,
  createdAt: board.createdAt,
  updatedAt: board.updatedAt,
});

/** The dashboard's Boards page: the same service as `/boards create|edit|delete|list`. */
export const boardRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    "/api/boards/:serverId",
    {
      schema: {
        tags,
        summary: "The server's boards, oldest first, with its custom emojis and the limits",
        security,
        params: serverIdParams,
        response: { 200: boardList },
      },
    },
    async (request) => {
      const { serverId } = request.params;
      const boards = await listBoards(ctx, serverId);
      // A failed emoji read leaves the picker with unicode emojis only.
      const emojis = await ctx.discord.listEmojis(serverId).catch((error: unknown) => {
        ctx.logger.warn({ err: error, serverId }, "boards: could not list the server's emojis");
        return [];
      });
      return {
        boards: boards.map(item),
        emojis: emojis.map((emoji) => ({
          id: emoji.id,
          name: emoji.name,
          animated: emoji.animated,
          markup: emojiMarkup(emoji),
        })),
        limits: {
          nameMax: boardRules.nameMax,
          minReactions: boardRules.minReactions,
          maxReactions: boardRules.maxReactions,
          defaultReactions: boardRules.defaultReactions,
          maxPerServer: boardRules.maxPerServer,
        },
      };
    },
  );

  app.post(
    "/api/boards/:serverId",
    {
      schema: {
        errors: {
          409: "A board has that name, or posts that emoji to that channel already, or the server has as many boards as it may",
        },
        tags,
        summary: "Create a board: messages with enough of its emoji are posted to its channel",
        security,
        params: serverIdParams,
        body: createBoardBody,
        response: { 201: boardItem },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const board = await createBoard(ctx, request.params.serverId, {
        ...request.body,
        userId: actor.userId,
        actor,
      });
      return reply.status(201).send(item(board));
    },
  );

  app.patch(
    "/api/boards/:serverId/:boardId",
    {
      schema: {
        errors: {
          404: "The server has no board with that id",
          409: "Another board has that name, or posts that emoji to that channel already",
        },
        tags,
        summary: "Change a board; the new rules apply to each message at its next reaction",
        security,
        params: boardParams,
        body: editBoardBody,
        response: { 200: boardItem },
      },
    },
    async (request) => {
      const { serverId, boardId } = request.params;
      const { board } = await editBoardById(ctx, serverId, boardId, request.body, actorOf(request));
      return item(board);
    },
  );

  app.delete(
    "/api/boards/:serverId/:boardId",
    {
      schema: {
        errors: { 404: "The server has no board with that id" },
        tags,
        summary: "Delete a board, the messages stored for it and its posts in its channel",
        security,
        params: boardParams,
        response: { 200: boardDeleted },
      },
    },
    async (request) => {
      const { serverId, boardId } = request.params;
      const result = await deleteBoard(ctx, serverId, boardId, actorOf(request));
      return { ...result, board: item(result.board) };
    },
  );

  app.post(
    "/api/boards/:serverId/preview",
    {
      schema: {
        tags,
        summary:
          "A sample message's post on a board with these settings, built by the bot's own function (nothing is sent)",
        security,
        params: serverIdParams,
        body: boardPreviewBody,
        response: { 200: botMessagePreview },
      },
      // Changes nothing: open to every level, like a read.
      config: { permission: "manager" },
    },
    async (request) => previewBoardPost(ctx, request.params.serverId, request.body),
  );
};
