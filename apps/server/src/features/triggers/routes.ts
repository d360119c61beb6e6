import { serverIdParams, triggerDeleted, triggerIdParams, triggerList } from "@hearth/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { actorOf } from "../../http/auth-plugin.ts";
import { namesOf } from "../audit/service.ts";
import { deleteTriggerById, listServerTriggers } from "./service.ts";

const security = [{ dashboardToken: [] }];
const tags = ["triggers"];

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
