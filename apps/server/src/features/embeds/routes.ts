import {
  embedEditBody,
  embedMessage,
  embedMessageParams,
  embedPreviewBody,
  embedPreviewResponse,
  embedSendBody,
  embedSent,
  embedStarters,
  embedTemplateDeleted,
  embedTemplateNameMax,
  embedTemplateParams,
  embedTemplateSaved,
  embedTemplates,
  saveEmbedTemplateBody,
  serverCaps,
  serverIdParams,
} from "@hearth/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { sendable } from "../../discord/payload-rules/message-limits.ts";
import { actorOf } from "../../http/auth-plugin.ts";
import { recordAudit } from "../audit/service.ts";
import { sampleMember } from "../welcome/service.ts";
import { previewDraftMessage, readPostedEmbed, sendDraft } from "./sending.ts";
import type { EmbedTemplate } from "./store.ts";
import { deleteTemplate, listTemplates, saveTemplate } from "./templates.ts";

const templateItem = ({ id, name, draft, createdAt, updatedAt }: EmbedTemplate) => ({
  id,
  name,
  draft,
  createdAt,
  updatedAt,
});

const security = [{ dashboardToken: [] }];
const tags = ["embeds"];

/**
 * The embed builder on the dashboard: preview, send to a channel and edit a message Hearth posted,
 * each through the builder's own functions for the token's member (who must be able to post in the
 * channel, as with `/embed`).
 */
export const embedRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    "/api/embeds/:serverId/preview",
    {
      schema: {
        errors: { 404: "The dashboard token's member no longer exists" },
        tags,
        summary: "The message the builder would send: text, embed and link buttons, tags filled for you",
        security,
        params: serverIdParams,
        body: embedPreviewBody,
        response: { 200: embedPreviewResponse },
      },
      // Changes nothing (renders a preview): open to every level, like a read.
      config: { permission: "manager" },
    },
    async (request) => {
      const { serverId } = request.params;
      const member = await sampleMember(ctx, serverId, actorOf(request).userId);
      const message = sendable(
        await previewDraftMessage(ctx, serverId, member, request.body.draft, request.body.content),
      );
      return {
        message: {
          content: message.content ?? "",
          embeds: message.embeds ?? [],
          components: message.components ?? [],
        },
      };
    },
  );

  app.post(
    "/api/embeds/:serverId/send",
    {
      schema: {
        errors: { 404: "The dashboard token's member no longer exists" },
        tags,
        summary:
          "Send the embed (with optional text above it) to a text or announcement channel you can post in",
        security,
        params: serverIdParams,
        body: embedSendBody,
        response: { 201: embedSent },
      },
    },
    async (request, reply) => {
      const { serverId } = request.params;
      const actor = actorOf(request);
      const member = await sampleMember(ctx, serverId, actor.userId);
      const { draft, channelId, content } = request.body;
      const sent = await sendDraft(ctx, serverId, member, draft, {
        channelId,
        ...(content !== undefined ? { content } : {}),
      });
      await recordAudit(ctx.storage.db, serverId, actor, "embed.send", {
        channelId: sent.channelId,
        messageId: sent.messageId,
        title: draft.title ?? null,
      });
      return reply.status(201).send(sent);
    },
  );

  app.get(
    "/api/embeds/:serverId/messages/:channelId/:messageId",
    {
      schema: {
        tags,
        summary: "Open an embed Hearth posted for editing: its first embed and link buttons as a draft",
        security,
        params: embedMessageParams,
        response: { 200: embedMessage },
      },
    },
    async (request) => {
      const { serverId, channelId, messageId } = request.params;
      const member = await sampleMember(ctx, serverId, actorOf(request).userId);
      const posted = await readPostedEmbed(ctx, { serverId, member, channelId, messageId });
      return {
        channelId: posted.channelId,
        messageId: posted.messageId,
        draft: posted.draft,
        content: posted.rest.content,
        keptEmbeds: posted.rest.embeds.length,
        keptRows: posted.rest.components?.length ?? 0,
      };
    },
  );

  app.put(
    "/api/embeds/:serverId/messages/:channelId/:messageId",
    {
      schema: {
        tags,
        summary: "Update an embed Hearth posted in place (its text, other embeds and other rows are kept)",
        security,
        params: embedMessageParams,
        body: embedEditBody,
        response: { 200: embedSent },
      },
    },
    async (request) => {
      const { serverId, channelId, messageId } = request.params;
      const actor = actorOf(request);
      const member = await sampleMember(ctx, serverId, actor.userId);
      const posted = await readPostedEmbed(ctx, { serverId, member, channelId, messageId });
      const sent = await sendDraft(ctx, serverId, member, request.body.draft, { posted });
      await recordAudit(ctx.storage.db, serverId, actor, "embed.edit", {
        channelId,
        messageId,
        title: request.body.draft.title ?? null,
      });
      return sent;
    },
  );
  app.get(
    "/api/embeds/:serverId/templates",
    {
      schema: {
        tags,
        summary: "The server's saved embed templates and the built-in ones (as `/embed create template:`)",
        security,
        params: serverIdParams,
        response: { 200: embedTemplates },
      },
    },
    async (request) => ({
      saved: (await listTemplates(ctx, request.params.serverId)).map(templateItem),
      builtIn: embedStarters.map(({ key, name, description, draft }) => ({ key, name, description, draft })),
      limits: { max: serverCaps.embedTemplates.max, nameMax: embedTemplateNameMax },
    }),
  );

  app.post(
    "/api/embeds/:serverId/templates",
    {
      schema: {
        errors: {
          409: "A template has that name (send `replace: true` to replace it), or the server has as many as it may",
        },
        tags,
        summary: "Save a draft as one of the server's templates (the `/embed` builder's Save as template)",
        security,
        params: serverIdParams,
        body: saveEmbedTemplateBody,
        response: { 201: embedTemplateSaved },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const { name, draft, replace } = request.body;
      const saved = await saveTemplate(ctx, request.params.serverId, {
        name,
        draft,
        userId: actor.userId,
        ...(replace !== undefined ? { replace } : {}),
        actor,
      });
      return reply.status(201).send({ template: templateItem(saved.template), replaced: saved.replaced });
    },
  );

  app.delete(
    "/api/embeds/:serverId/templates/:templateId",
    {
      schema: {
        errors: { 404: "The server has no template with that id" },
        tags,
        summary: "Delete one of the server's saved templates",
        security,
        params: embedTemplateParams,
        response: { 200: embedTemplateDeleted },
      },
    },
    async (request) => {
      const { serverId, templateId } = request.params;
      await deleteTemplate(ctx, serverId, templateId, actorOf(request));
      return { deleted: templateId };
    },
  );
};
