import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import type { VoteSettingsRow } from "./store.ts";
import { receiveVoteWebhook, resolveVoteWebhook } from "./webhook.ts";

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export const voteRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // The signed form is an HMAC of the exact bytes sent, so this plugin (and only it: parsers are
  // scoped to the plugin) keeps every body raw; the webhook parses it after checking the signature.
  // Not every listing site labels its JSON, so any content type is read: a body that isn't a vote
  // answers 400 naming the field rather than 415.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: 64 * 1024 }, (_r, body, done) =>
    done(null, body),
  );

  const resolved = new WeakMap<object, VoteSettingsRow>();
  app.post(
    "/api/votes/:webhookId",
    {
      // The id is resolved before the body is read: an unknown URL answers 404 without waiting for
      // (or reading) whatever is being sent to it.
      onRequest: async (request) => {
        const { webhookId } = request.params as { webhookId: string };
        resolved.set(request, await resolveVoteWebhook(ctx, webhookId));
      },
      schema: {
        tags: ["votes"],
        summary:
          "A vote-listing site's webhook: legacy (Authorization), signed (x-topgg-signature) or generic JSON",
        params: z.object({ webhookId: z.string().min(1).max(128) }),
        response: { 204: z.null().describe("Received; counted once however often it is retried") },
        errors: { 401: "The Authorization header or the signature does not match this webhook's secret" },
      },
    },
    async (request, reply) => {
      await receiveVoteWebhook(ctx, {
        webhookId: request.params.webhookId,
        authorization: header(request.headers.authorization),
        signature: header(request.headers["x-topgg-signature"]),
        rawBody: Buffer.isBuffer(request.body) ? request.body : undefined,
        settings: resolved.get(request),
      });
      return reply.status(204).send(null);
    },
  );
};
