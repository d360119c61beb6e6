import {
  botMessagePreview,
  messageComponentCreateBody,
  messageComponentDeleted,
  messageComponentList,
  messageComponentParams,
  messageComponentPostBody,
  messageComponentPosted,
  messageComponentPreviewBody,
  messageComponentSaved,
  messageComponentUpdateBody,
  serverIdParams,
} from "@hearth/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { actorOf } from "../../http/auth-plugin.ts";
import {
  componentItem,
  createFromDashboard,
  dashboardLimits,
  deleteFromDashboard,
  listForDashboard,
  postFromDashboard,
  previewDraft,
  requireOwnComponent,
  updateFromDashboard,
} from "./dashboard.ts";

const security = [{ dashboardToken: [] }];
const tags = ["components"];

/** The dashboard's Components page: the records `/components` builds, through the same service. */
export const componentRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    "/api/components/:serverId",
    {
      schema: {
        tags,
        summary: "The server's message components (buttons, select menus, forms) by name, with the limits",
        security,
        params: serverIdParams,
        response: { 200: messageComponentList },
      },
    },
    async (request) => ({
      components: await listForDashboard(ctx, request.params.serverId),
      limits: { ...dashboardLimits },
    }),
  );

  app.get(
    "/api/components/:serverId/:componentId",
    {
      schema: {
        errors: { 404: "The server has no component with this id" },
        tags,
        summary: "One message component with its whole definition",
        security,
        params: messageComponentParams,
        response: { 200: messageComponentSaved },
      },
    },
    async (request) => {
      const { serverId, componentId } = request.params;
      return { component: await componentItem(ctx, await requireOwnComponent(ctx, serverId, componentId)) };
    },
  );

  app.post(
    "/api/components/:serverId",
    {
      schema: {
        errors: {
          409: "The name is taken, or the server has as many components as it may (`serverCaps.components`)",
        },
        tags,
        summary: "Create a message component (its definition checked with the builder's rules)",
        security,
        params: serverIdParams,
        body: messageComponentCreateBody,
        response: { 200: messageComponentSaved },
      },
    },
    async (request) => {
      const created = await createFromDashboard(ctx, request.params.serverId, actorOf(request), request.body);
      return { component: await componentItem(ctx, created) };
    },
  );

  app.put(
    "/api/components/:serverId/:componentId",
    {
      schema: {
        errors: {
          404: "The server has no component with this id",
          409: "Another of the server's components has that name",
        },
        tags,
        summary: "Rename a component or replace its definition; the messages that carry it are redrawn",
        security,
        params: messageComponentParams,
        body: messageComponentUpdateBody,
        response: { 200: messageComponentSaved },
      },
    },
    async (request) => {
      const { serverId, componentId } = request.params;
      const component = await requireOwnComponent(ctx, serverId, componentId);
      const updated = await updateFromDashboard(ctx, component, actorOf(request), request.body);
      return { component: await componentItem(ctx, updated) };
    },
  );

  app.delete(
    "/api/components/:serverId/:componentId",
    {
      schema: {
        errors: { 404: "The server has no component with this id" },
        tags,
        summary: "Delete a component; the messages that carried it lose it",
        security,
        params: messageComponentParams,
        response: { 200: messageComponentDeleted },
      },
    },
    async (request) => {
      const { serverId, componentId } = request.params;
      const component = await requireOwnComponent(ctx, serverId, componentId);
      const stripped = await deleteFromDashboard(ctx, component, actorOf(request));
      return { componentId, stripped };
    },
  );

  app.post(
    "/api/components/:serverId/:componentId/post",
    {
      schema: {
        errors: { 404: "The server has no component with this id" },
        tags,
        summary: "Post a finished component in a text channel (later edits reach the message)",
        security,
        params: messageComponentParams,
        body: messageComponentPostBody,
        response: { 200: messageComponentPosted },
      },
    },
    async (request) => {
      const { serverId, componentId } = request.params;
      const component = await requireOwnComponent(ctx, serverId, componentId);
      const messageId = await postFromDashboard(ctx, component, actorOf(request), request.body.channelId);
      return { messageId, channelId: request.body.channelId };
    },
  );

  app.post(
    "/api/components/:serverId/preview",
    {
      schema: {
        tags,
        summary:
          "A draft component drawn exactly as the bot posts it (posting.ts's own function; nothing is saved or sent)",
        security,
        params: serverIdParams,
        body: messageComponentPreviewBody,
        response: { 200: botMessagePreview },
      },
      // Changes nothing: open to every level, like a read.
      config: { permission: "manager" },
    },
    async (request) =>
      previewDraft(
        ctx,
        request.params.serverId,
        request.body.type,
        (request.body.name ?? "").trim() || "preview",
        request.body.definition,
      ),
  );
};
