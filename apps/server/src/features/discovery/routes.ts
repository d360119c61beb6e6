import {
  discoveryEntry,
  discoveryEntryBody,
  discoveryIdParams,
  discoveryListQuery,
  discoveryListResponse,
  discoveryTagsResponse,
} from "@hearth/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { actorOf, tokenOf } from "../../http/auth-plugin.ts";
import { sendList } from "../../http/public-list.ts";
import {
  createEntry,
  deleteEntry,
  directoryTags,
  getEntry,
  pageDirectory,
  toggleEntry,
  updateEntry,
} from "./service.ts";

const security = [{ dashboardToken: [] }];
const tags = ["discovery"];

export const discoveryRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    "/api/discovery",
    {
      schema: {
        tags,
        summary:
          "The public server directory: advertised first, then premium, then by name; a page at a time",
        querystring: discoveryListQuery.omit({ q: true }),
        response: { 200: discoveryListResponse },
      },
    },
    async (request, reply) => sendList(request, reply, await pageDirectory(ctx, request.query, request.url)),
  );

  app.get(
    "/api/discovery/search",
    {
      schema: {
        tags,
        summary: "Search the public directory by name, description and tags; a page at a time",
        querystring: discoveryListQuery,
        response: { 200: discoveryListResponse },
      },
    },
    async (request, reply) => sendList(request, reply, await pageDirectory(ctx, request.query, request.url)),
  );

  app.get(
    "/api/discovery/tags",
    {
      schema: {
        tags,
        summary: "Tags of the public directory with counts, most used first",
        response: { 200: discoveryTagsResponse },
      },
    },
    async () => directoryTags(ctx),
  );

  app.post(
    "/api/discovery",
    {
      schema: {
        errors: { 409: "The server already has a discovery entry" },
        tags,
        summary: "List the token's server in the directory (one entry per server; starts public)",
        security,
        body: discoveryEntryBody,
        response: { 201: discoveryEntry },
      },
    },
    async (request, reply) => {
      const entry = await createEntry(ctx, tokenOf(request).serverId, actorOf(request), request.body);
      return reply.status(201).send(entry);
    },
  );

  app.get(
    "/api/discovery/:id",
    {
      schema: {
        tags,
        summary: "The server's own discovery entry (its id is the server id; 404 when none)",
        security,
        params: discoveryIdParams,
        response: { 200: discoveryEntry },
      },
    },
    async (request) => getEntry(ctx, tokenOf(request).serverId, request.params.id),
  );

  app.put(
    "/api/discovery/:id",
    {
      schema: {
        tags,
        summary: "Replace the entry's invite, description and tags",
        security,
        params: discoveryIdParams,
        body: discoveryEntryBody,
        response: { 200: discoveryEntry },
      },
    },
    async (request) =>
      updateEntry(ctx, tokenOf(request).serverId, actorOf(request), request.params.id, request.body),
  );

  app.delete(
    "/api/discovery/:id",
    {
      schema: {
        tags,
        summary: "Delete the server's discovery entry",
        security,
        params: discoveryIdParams,
        response: { 204: z.null().describe("Deleted") },
      },
    },
    async (request, reply) => {
      await deleteEntry(ctx, tokenOf(request).serverId, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.put(
    "/api/discovery/:id/toggle",
    {
      schema: {
        tags,
        summary: "Switch the entry between public (listed) and private (hidden)",
        security,
        params: discoveryIdParams,
        response: { 200: discoveryEntry },
      },
    },
    async (request) => toggleEntry(ctx, tokenOf(request).serverId, actorOf(request), request.params.id),
  );
};
