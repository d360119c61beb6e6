import {
  addGrinderBody,
  botMessagePreview,
  grinder,
  grinderBreakHistory as grinderBreakHistoryResponse,
  grinderDmBody,
  grinderDmProgress,
  grinderDmResponse,
  grinderParams,
  grinderPaymentHistory as grinderPaymentHistoryResponse,
  grinderPaymentsResponse,
  grindersListQuery,
  grindersResponse,
  historyQuery,
  recordPaymentBody,
  removedGrinder,
  serverIdParams,
} from "@hearth/core";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { actorOf, tokenOf } from "../../http/auth-plugin.ts";
import { preparePage } from "../../http/public-list.ts";
import { type DmGroup, dmGrinders, dmProgress, previewGrinderDm } from "./dm.ts";
import { rosterBody } from "./roster-cache.ts";
import {
  grinderBreakHistory,
  grinderPaymentHistory,
  hireGrinder,
  listGrinderPayments,
  listGrindersByStatus,
  pageGrinders,
  recordPaymentOf,
  removeGrinder,
  toggleBreak,
  withMemberNames,
} from "./service.ts";

const security = [{ dashboardToken: [] }];
const tags = ["grinders"];
const base = "/api/grinders/:serverId/grinders";
/** Lists are sent pre-serialised from the roster cache (checked against their schema when built). */
const sendJson = (reply: FastifyReply, body: string | Buffer) =>
  reply.type("application/json; charset=utf-8").send(body);

export const grinderRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    base,
    {
      schema: {
        tags,
        summary: "Active grinders with their payment status (newest hire first), a page at a time",
        security,
        params: serverIdParams,
        querystring: grindersListQuery,
        response: { 200: grindersResponse },
      },
    },
    async (request, reply) => {
      const { serverId } = request.params;
      // Private data: paging headers, but no ETag (answers stay no-store).
      const page = await rosterBody(serverId, request.url, async () =>
        preparePage(await pageGrinders(ctx, serverId, request.query), request.url, (items) =>
          JSON.stringify(grindersResponse.parse(items)),
        ),
      );
      return sendJson(reply.headers(page.headers), page.bytes);
    },
  );

  app.post(
    base,
    {
      schema: {
        errors: { 409: "The member is already a grinder, or the grinder base role no longer exists" },
        tags,
        summary: "Hire a member on a tier (gives the base and tier roles)",
        security,
        params: serverIdParams,
        body: addGrinderBody,
        response: { 201: grinder },
      },
      // Basic role assignment: one of the manager's rights.
      config: { permission: "manager" },
    },
    async (request, reply) => {
      const token = tokenOf(request);
      const hired = await hireGrinder(ctx, request.params.serverId, request.body, {
        ...actorOf(request),
        name: token.userName,
      });
      return reply.status(201).send(hired);
    },
  );

  for (const [path, paid] of [
    ["paid", true],
    ["unpaid", false],
  ] as const) {
    app.get(
      `${base}/${path}`,
      {
        schema: {
          tags,
          summary: `Active grinders who have ${paid ? "" : "not "}paid this period`,
          security,
          params: serverIdParams,
          response: { 200: grindersResponse },
        },
      },
      async (request, reply) => {
        const { serverId } = request.params;
        const body = await rosterBody(serverId, path, async () =>
          JSON.stringify(grindersResponse.parse(await listGrindersByStatus(ctx, serverId, paid))),
        );
        return sendJson(reply, body);
      },
    );
  }

  app.get(
    `${base}/dm-progress`,
    {
      schema: {
        tags,
        summary:
          "How the server's current or latest DM broadcast is going: sent and failed so far, of how many",
        security,
        params: serverIdParams,
        response: { 200: grinderDmProgress },
      },
      // Who may send a broadcast may follow it.
      config: { permission: "admin" },
    },
    async (request) => dmProgress(request.params.serverId),
  );

  app.post(
    `${base}/dm-preview`,
    {
      schema: {
        tags,
        summary:
          "The DM a broadcast would send each grinder, built by the broadcast's own function (nothing is sent)",
        security,
        params: serverIdParams,
        body: grinderDmBody,
        response: { 200: botMessagePreview },
      },
      // Changes nothing: open to every level, like a read.
      config: { permission: "manager" },
    },
    async (request) => previewGrinderDm(ctx, request.params.serverId, request.body.message),
  );

  for (const group of ["paid", "unpaid", "all"] as const satisfies DmGroup[]) {
    app.post(
      `${base}/dm-${group}`,
      {
        schema: {
          tags,
          summary:
            group === "all"
              ? "DM every active grinder, paid and unpaid"
              : `DM the ${group} grinders (paced to respect Discord's limits)`,
          security,
          params: serverIdParams,
          body: grinderDmBody,
          response: { 200: grinderDmResponse },
          errors: { 409: "A DM broadcast to grinders is already running for this server" },
        },
      },
      async (request) =>
        dmGrinders(ctx, request.params.serverId, group, request.body.message, actorOf(request)),
    );
  }

  app.delete(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: "Remove a grinder: roles taken away, record archived",
        security,
        params: grinderParams,
        response: { 200: removedGrinder },
      },
      config: { permission: "manager" },
    },
    async (request) => removeGrinder(ctx, request.params.serverId, request.params.id, actorOf(request)),
  );

  app.put(
    `${base}/:id/break`,
    {
      schema: {
        errors: { 409: "The break status changed meanwhile; reload and try again" },
        tags,
        summary: "Toggle a grinder's break (tier role taken away while on a break)",
        security,
        params: grinderParams,
        response: { 200: grinder },
      },
      config: { permission: "manager" },
    },
    async (request) => toggleBreak(ctx, request.params.serverId, request.params.id, actorOf(request)),
  );

  app.get(
    `${base}/:id/payments`,
    {
      schema: {
        tags,
        summary: "Payment history of a grinder record, newest first",
        security,
        params: grinderParams,
        response: { 200: grinderPaymentsResponse },
      },
    },
    async (request) => listGrinderPayments(ctx, request.params.serverId, request.params.id),
  );

  app.get(
    `${base}/:id/history/payments`,
    {
      schema: {
        tags,
        summary: "A grinder's payment history, newest first, paged (archived records too)",
        security,
        params: grinderParams,
        querystring: historyQuery,
        response: { 200: grinderPaymentHistoryResponse },
      },
    },
    async (request) => {
      const { serverId, id } = request.params;
      return withMemberNames(ctx, serverId, await grinderPaymentHistory(ctx, serverId, id, request.query));
    },
  );

  app.get(
    `${base}/:id/history/breaks`,
    {
      schema: {
        tags,
        summary: "A grinder's breaks (each start and end), newest first, paged",
        security,
        params: grinderParams,
        querystring: historyQuery,
        response: { 200: grinderBreakHistoryResponse },
      },
    },
    async (request) => {
      const { serverId, id } = request.params;
      return withMemberNames(ctx, serverId, await grinderBreakHistory(ctx, serverId, id, request.query));
    },
  );

  app.post(
    `${base}/:id/payments`,
    {
      schema: {
        errors: { 409: "The grinder is on a break" },
        tags,
        summary: "Record a payment (add to this period's total, or set it); posted to the payments channel",
        security,
        params: grinderParams,
        body: recordPaymentBody,
        response: { 200: grinder },
      },
    },
    async (request) =>
      recordPaymentOf(ctx, request.params.serverId, request.params.id, request.body, actorOf(request)),
  );
};
