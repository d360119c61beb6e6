import {
  createTriggerBody,
  serverIdParams,
  serverTrigger,
  triggerDeleted,
  triggerIdParams,
  triggerList,
  triggerPreviewBody,
  triggerPreviewResponse,
  updateTriggerBody,
} from "@hearth/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { sendable } from "../../discord/payload-rules/message-limits.ts";
import { actorOf } from "../../http/auth-plugin.ts";
import { namesOf } from "../audit/service.ts";
import {
  addTrigger,
  deleteTriggerById,
  editTriggerById,
  listServerTriggers,
  previewTriggerReply,
} from "./service.ts";

const security = [{ dashboardToken: [] }];
const tags = ["triggers"];

/** The dashboard writes as staff: its triggers are the server's, unlimited (up to the server's cap). */
const staffOf = (request: Parameters<typeof actorOf>[0]) => ({ ...actorOf(request), staff: true });

const stripServer = <T extends { serverId: string }>({ serverId: _, ...rest }: T) => rest;

export const triggerRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    "/api/triggers/:serverId",
    {
      schema: {
        tags,
        summary: "The server's keyword triggers (staff's and members'), oldest first, with the limits",
        security,
        params: serverIdParams,
        response: { 200: triggerList },
      },
      // Reading the list is a manager's right, like the rest of the Settings tab.
      config: { permission: "manager" },
    },
    async (request) => {
      const { serverId } = request.params;
      const list = await listServerTriggers(ctx, serverId);
      // The dashboard names the members who made their own triggers (staff triggers say "Staff").
      const makers = list.triggers.filter((trigger) => !trigger.staff).map((trigger) => trigger.createdBy);
      const names: Record<string, string> = {};
      for (const [id, name] of await namesOf(ctx, serverId, makers)) if (name !== null) names[id] = name;
      return { ...list, names };
    },
  );

  app.post(
    "/api/triggers/:serverId",
    {
      schema: {
        errors: {
          409: "The server has a trigger for that keyword already, or as many triggers as it may (`serverCaps.triggers`)",
        },
        tags,
        summary: "Add a staff trigger (unlimited for staff, up to the server's cap; one per keyword)",
        security,
        params: serverIdParams,
        body: createTriggerBody,
        response: { 201: serverTrigger },
      },
      // The same right as deleting one: a server-wide answer is staff's to set.
      config: { permission: "admin" },
    },
    async (request, reply) => {
      const trigger = await addTrigger(ctx, request.params.serverId, request.body, staffOf(request));
      return reply.status(201).send(stripServer(trigger));
    },
  );

  app.patch(
    "/api/triggers/:serverId/:id",
    {
      schema: {
        errors: { 409: "Another trigger of the server has that keyword already" },
        tags,
        summary:
          "Change a trigger, its keyword too (staff's or a member's; 404 when the server has no such id)",
        security,
        params: triggerIdParams,
        body: updateTriggerBody,
        response: { 200: serverTrigger },
      },
      config: { permission: "admin" },
    },
    async (request) => {
      const { serverId, id } = request.params;
      return stripServer(await editTriggerById(ctx, serverId, id, request.body, actorOf(request)));
    },
  );

  app.post(
    "/api/triggers/:serverId/preview",
    {
      schema: {
        errors: { 404: "The dashboard token's member no longer exists" },
        tags,
        summary: "A trigger's reply as the bot would post it, its tags filled for the dashboard's member",
        security,
        params: serverIdParams,
        body: triggerPreviewBody,
        response: { 200: triggerPreviewResponse },
      },
      // Changes nothing (renders a preview): open to every level, like a read.
      config: { permission: "manager" },
    },
    async (request) => {
      const { serverId } = request.params;
      const message = await previewTriggerReply(ctx, serverId, actorOf(request).userId, request.body);
      // Fitted to Discord's limits as every send is, so the preview is what arrives.
      const { content = "", embeds = [], components = [] } = sendable(message);
      return { message: { content, embeds, components } };
    },
  );

  app.delete(
    "/api/triggers/:serverId/:id",
    {
      schema: {
        tags,
        summary: "Delete one trigger (404 when the server has no trigger with that id)",
        security,
        params: triggerIdParams,
        response: { 200: triggerDeleted },
      },
      config: { permission: "admin" },
    },
    async (request) => {
      const { serverId, id } = request.params;
      await deleteTriggerById(ctx, serverId, id, actorOf(request));
      return { deleted: id };
    },
  );
};
