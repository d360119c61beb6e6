import {
  channelsResponse,
  membersQuery,
  membersResponse,
  nameSearchQuery,
  type Page,
  pagingHeaders,
  rolesResponse,
  serverInfoResponse,
} from "@hearth/core";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { tokenOf } from "../../http/auth-plugin.ts";
import {
  getServerInfo,
  listServerChannels,
  listServerRoles,
  searchByName,
  searchServerMembers,
} from "./service.ts";

const security = [{ dashboardToken: [] }];

/** A searched list's items, its paging said in the headers (`@hearth/core`'s api/paging.ts). */
function sendPage<T>(reply: FastifyReply, page: Page<T>): T[] {
  reply.header(pagingHeaders.total, String(page.total));
  if (page.next !== null) reply.header(pagingHeaders.next, page.next);
  return page.items;
}

export const dashboardRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    "/api/dashboard/server",
    {
      schema: {
        errors: { 404: "The bot is no longer in this server" },
        tags: ["dashboard"],
        summary: "Server name, icon, member count and owner",
        security,
        response: { 200: serverInfoResponse },
      },
    },
    // Not async: an answer held in memory is sent in this tick, without a promise (issue 16).
    (request) => getServerInfo(ctx, tokenOf(request).serverId),
  );

  app.get(
    "/api/dashboard/channels",
    {
      schema: {
        tags: ["dashboard"],
        summary: "The server's channels, searchable by name and paged",
        description:
          "Every channel in Discord's order. `query` keeps those whose name contains it (any case); with `limit`, a page of them (`cursor` from `X-Next-Cursor`).",
        security,
        querystring: nameSearchQuery,
        response: { 200: channelsResponse },
      },
    },
    async (request, reply) =>
      sendPage(reply, searchByName(await listServerChannels(ctx, tokenOf(request).serverId), request.query)),
  );

  app.get(
    "/api/dashboard/roles",
    {
      schema: {
        tags: ["dashboard"],
        summary: "The server's roles but @everyone, searchable by name and paged",
        description:
          "Every role, highest first, with the role-safety verdict for the token's holder. `query` keeps those whose name contains it (any case); with `limit`, a page of them (`cursor` from `X-Next-Cursor`).",
        security,
        querystring: nameSearchQuery,
        response: { 200: rolesResponse },
      },
    },
    async (request, reply) => {
      const { serverId, userId } = tokenOf(request);
      return sendPage(reply, searchByName(await listServerRoles(ctx, serverId, userId), request.query));
    },
  );

  app.get(
    "/api/dashboard/members",
    {
      schema: {
        tags: ["dashboard"],
        summary: "Search the server's members (the member picker)",
        description:
          "Members whose username, display name or nickname contains `query` (any case; empty lists every member), `limit` at a time, ordered by id; `cursor` is the previous answer's `nextCursor` (also sent as `X-Next-Cursor`). With `ids` (comma-separated), those members instead. When Discord can't be asked, an empty list with a `note`. No `X-Total-Count`: counting every member a common part matches would read the whole server (and Discord's own member search doesn't count).",
        security,
        uncounted: true,
        querystring: membersQuery,
        response: { 200: membersResponse },
      },
    },
    async (request, reply) => {
      const answer = await searchServerMembers(ctx, tokenOf(request).serverId, request.query);
      if (answer.nextCursor !== null) reply.header(pagingHeaders.next, answer.nextCursor);
      return answer;
    },
  );
};
