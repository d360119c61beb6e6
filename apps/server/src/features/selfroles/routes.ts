import {
  botMessagePreview,
  createSelfRolePanelBody,
  editSelfRolePanelBody,
  selfRolePanelDeleted,
  selfRolePanelEdited,
  selfRolePanelParams,
  selfRolePanelPosted,
  selfRolePanelRules,
  selfRolePreviewBody,
  selfRolesOverview,
  selfRoleUnlisted,
  selfRoleWhitelistBody,
  selfRoleWhitelisted,
  selfRoleWhitelistParams,
  serverIdParams,
} from "@hearth/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { messagePreview } from "../../discord/port/message-preview.ts";
import { emojiMarkup, parseEmoji } from "../../discord/port/port.ts";
import { actorOf } from "../../http/auth-plugin.ts";
import { badRequest } from "../../lib/errors.ts";
import { createPanel, deletePanel, editPanel, listPanelsWithMessages, roleNames } from "./panels.ts";
import * as roleStore from "./role-store.ts";
import { panelMessage } from "./rules.ts";
import type { Panel, PanelMessage } from "./store.ts";
import { addToWhitelist, removeFromWhitelist } from "./whitelist.ts";

const security = [{ dashboardToken: [] }];
const tags = ["selfroles"];

const item = (panel: Panel, messages: PanelMessage[]) => ({
  id: panel.id,
  name: panel.name,
  title: panel.title,
  description: panel.description,
  display: panel.display,
  roles: panel.roles.map(({ roleId, emoji }) => ({ roleId, emoji })),
  messages: messages
    .filter((message) => message.panelId === panel.id)
    .map(({ channelId, messageId, kind }) => ({ channelId, messageId, kind })),
  createdAt: panel.createdAt,
});

/** The panel's roles with each emoji read as Discord shows it (a 400 naming `roles` for one that isn't). */
function readRoles(roles: { roleId: string; emoji?: string | null | undefined }[]) {
  return roles.map(({ roleId, emoji }) => {
    const text = emoji?.trim();
    if (!text) return { roleId, emoji: null };
    const parsed = parseEmoji(text);
    if (!parsed) throw badRequest(`roles: "${text.slice(0, 40)}" isn't one emoji.`, "roles");
    return { roleId, emoji: emojiMarkup(parsed) };
  });
}

/** The dashboard's Self-roles page: the same services as `/selfroles`. */
export const selfRoleRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    "/api/selfroles/:serverId",
    {
      schema: {
        tags,
        summary: "The server's self-role panels (with the messages carrying them) and the role whitelist",
        security,
        params: serverIdParams,
        response: { 200: selfRolesOverview },
      },
    },
    async (request) => {
      const { serverId } = request.params;
      const [{ panels, messages }, roles, emojis] = await Promise.all([
        listPanelsWithMessages(ctx, serverId),
        roleStore.listRoles(ctx.storage.db, serverId),
        // A failed emoji read leaves the roles' pickers with unicode emojis only.
        ctx.discord.listEmojis(serverId).catch((error: unknown) => {
          ctx.logger.warn({ err: error, serverId }, "selfroles: could not list the server's emojis");
          return [];
        }),
      ]);
      return {
        panels: panels.map((panel) => item(panel, messages)),
        roles: roles.map(({ roleId, status, reason }) => ({ roleId, status, reason })),
        emojis: emojis.map((emoji) => ({
          id: emoji.id,
          name: emoji.name,
          animated: emoji.animated,
          markup: emojiMarkup(emoji),
        })),
        limits: { ...selfRolePanelRules },
      };
    },
  );

  app.post(
    "/api/selfroles/:serverId/panels",
    {
      schema: {
        errors: {
          403: "Hearth can't post in the channel",
          409: "A panel has that name already, or the server has as many panels as it may",
        },
        tags,
        summary: "Create a self-role panel from whitelisted roles and post it to a channel",
        security,
        params: serverIdParams,
        body: createSelfRolePanelBody,
        response: { 201: selfRolePanelPosted },
      },
    },
    async (request, reply) => {
      const { serverId } = request.params;
      const actor = actorOf(request);
      const posted = await createPanel(
        ctx,
        serverId,
        actor.userId,
        { ...request.body, roles: readRoles(request.body.roles) },
        actor,
      );
      const message: PanelMessage = {
        messageId: posted.messageId,
        panelId: posted.panel.id,
        channelId: posted.channelId,
        kind: "posted",
      };
      return reply.status(201).send({ panel: item(posted.panel, [message]), warnings: posted.warnings });
    },
  );

  app.patch(
    "/api/selfroles/:serverId/panels/:panelId",
    {
      schema: {
        errors: {
          404: "The server has no panel with that id",
          409: "Another panel has that name",
        },
        tags,
        summary:
          "Edit a panel (name, title, description, display, roles and their emojis): every message carrying it is redrawn",
        security,
        params: selfRolePanelParams,
        body: editSelfRolePanelBody,
        response: { 200: selfRolePanelEdited },
      },
    },
    async (request) => {
      const { serverId, panelId } = request.params;
      const { roles, ...look } = request.body;
      const edited = await editPanel(
        ctx,
        serverId,
        panelId,
        { ...look, ...(roles ? { roles: readRoles(roles) } : {}) },
        actorOf(request),
      );
      return {
        panel: item(edited.panel, edited.messages),
        warnings: edited.warnings,
        redrawn: edited.messages.length,
      };
    },
  );

  app.delete(
    "/api/selfroles/:serverId/panels/:panelId",
    {
      schema: {
        errors: { 404: "The server has no panel with that id" },
        tags,
        summary:
          "Delete a panel: messages Hearth posted are deleted, bound messages lose its components; members keep their roles",
        security,
        params: selfRolePanelParams,
        response: { 200: selfRolePanelDeleted },
      },
    },
    async (request) => {
      const { serverId, panelId } = request.params;
      const { messages } = await deletePanel(ctx, serverId, panelId, actorOf(request));
      return { deleted: panelId, messages };
    },
  );

  app.post(
    "/api/selfroles/:serverId/whitelist",
    {
      schema: {
        errors: { 409: "The role is whitelisted already" },
        tags,
        summary: "Allow a role on panels (the role-safety rule refuses dangerous roles and roles above you)",
        security,
        params: serverIdParams,
        body: selfRoleWhitelistBody,
        response: { 201: selfRoleWhitelisted },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const { role, warnings } = await addToWhitelist(
        ctx,
        request.params.serverId,
        actor.userId,
        request.body.roleId,
        actor,
      );
      return reply.status(201).send({ roleId: role.id, warnings });
    },
  );

  app.delete(
    "/api/selfroles/:serverId/whitelist/:roleId",
    {
      schema: {
        errors: { 404: "The role isn't on the whitelist" },
        tags,
        summary: "Take a role off the whitelist and off every panel (their messages are updated)",
        security,
        params: selfRoleWhitelistParams,
        response: { 200: selfRoleUnlisted },
      },
    },
    async (request) => {
      const { serverId, roleId } = request.params;
      const { panels } = await removeFromWhitelist(ctx, serverId, roleId, actorOf(request));
      return { roleId, panels };
    },
  );

  app.post(
    "/api/selfroles/:serverId/preview",
    {
      schema: {
        tags,
        summary:
          "The panel message as the bot would post it (built by the bot's own function; nothing is sent)",
        security,
        params: serverIdParams,
        body: selfRolePreviewBody,
        response: { 200: botMessagePreview },
      },
      // Changes nothing: open to every level, like a read.
      config: { permission: "manager" },
    },
    async (request) => {
      const { serverId } = request.params;
      const panel: Panel = {
        id: 0,
        serverId,
        name: request.body.title,
        title: request.body.title,
        description: request.body.description?.trim() || null,
        display: request.body.display,
        roles: readRoles(request.body.roles),
        createdBy: null,
        createdAt: Date.now(),
      };
      return messagePreview(panelMessage(panel, await roleNames(ctx, serverId)));
    },
  );
};
