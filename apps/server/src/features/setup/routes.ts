import {
  newTierBody,
  serverIdParams,
  serverSetup,
  setupExistsResponse,
  setupUpdateBody,
  tierParams,
} from "@hearth/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { actorOf } from "../../http/auth-plugin.ts";
import { addTier, getServerSetup, removeTier, saveSetupForm } from "../grinders/service.ts";
import { setupExists } from "./service.ts";

const security = [{ dashboardToken: [] }];
const tags = ["setup"];

export const setupRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    "/api/server/:serverId/setup/exists",
    {
      schema: {
        tags,
        summary: "Whether the server has a saved setup",
        security,
        params: serverIdParams,
        response: { 200: setupExistsResponse },
      },
    },
    async (request) => ({ exists: await setupExists(ctx, request.params.serverId) }),
  );

  app.get(
    "/api/server/:serverId/setup",
    {
      schema: {
        tags,
        summary: "The server setup (defaults when none is saved)",
        security,
        params: serverIdParams,
        response: { 200: serverSetup },
      },
    },
    async (request) => getServerSetup(ctx, request.params.serverId),
  );

  app.put(
    "/api/server/:serverId/setup",
    {
      schema: {
        tags,
        summary: "Save the setup form; fields left out keep their value",
        security,
        params: serverIdParams,
        body: setupUpdateBody,
        response: { 200: serverSetup },
      },
    },
    async (request) => saveSetupForm(ctx, request.params.serverId, request.body, actorOf(request)),
  );

  app.post(
    "/api/server/:serverId/setup/tiers",
    {
      schema: {
        errors: { 409: "A tier of that name already exists" },
        tags,
        summary: "Add a tier; answers the setup",
        security,
        params: serverIdParams,
        body: newTierBody,
        response: { 201: serverSetup },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await addTier(ctx, request.params.serverId, request.body, actorOf(request))),
  );

  app.delete(
    "/api/server/:serverId/setup/tiers/:tier",
    {
      schema: {
        errors: { 409: "Grinders are on the tier; move or remove them first" },
        tags,
        summary: "Remove a tier (refused while grinders are on it); answers the setup",
        security,
        params: tierParams,
        response: { 200: serverSetup },
      },
    },
    async (request) => removeTier(ctx, request.params.serverId, request.params.tier, actorOf(request)),
  );
};
