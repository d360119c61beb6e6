import {
  pingOnJoinAddBody,
  pingOnJoinBody,
  pingOnJoinChannelParams,
  pingOnJoinConfig,
  welcomeChannelsResponse,
  welcomeConfig,
  welcomeConfigBody,
  welcomePreviewBody,
  welcomePreviewResponse,
  welcomeTestBody,
  welcomeTestResponse,
  welcomeToggleBody,
} from "@hearth/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { actorOf, tokenOf } from "../../http/auth-plugin.ts";
import {
  addPingChannel,
  getPingOnJoin,
  removePingChannel,
  togglePingOnJoin,
  updatePingOnJoin,
} from "./ping.ts";
import {
  getWelcomeConfig,
  listWelcomeChannels,
  previewWelcome,
  resetWelcome,
  sendTestWelcome,
  toggleWelcome,
  updateWelcomeConfig,
} from "./service.ts";

const security = [{ dashboardToken: [] }];
const welcome = { tags: ["welcome"], security };
const ping = { tags: ["ping on join"], security };

/** Welcome messages and ping on join, for the token's server. */
export const welcomeRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const serverOf = (request: Parameters<typeof tokenOf>[0]) => tokenOf(request).serverId;

  app.get(
    "/api/welcome/config",
    {
      schema: {
        ...welcome,
        summary: "The welcome config (defaults when none is saved)",
        response: { 200: welcomeConfig },
      },
    },
    async (request) => getWelcomeConfig(ctx, serverOf(request)),
  );

  app.put(
    "/api/welcome/config",
    {
      schema: {
        ...welcome,
        summary: "Replace the welcome config",
        body: welcomeConfigBody,
        response: { 200: welcomeConfig },
      },
    },
    async (request) => updateWelcomeConfig(ctx, serverOf(request), actorOf(request), request.body),
  );

  app.post(
    "/api/welcome/preview",
    {
      schema: {
        errors: { 404: "The dashboard token's member no longer exists" },
        ...welcome,
        summary: "Render a config for the dashboard user, as the bot would send it",
        body: welcomePreviewBody,
        response: { 200: welcomePreviewResponse },
      },
      // Changes nothing (renders a preview): open to every level, like a read.
      config: { permission: "manager" },
    },
    async (request) => previewWelcome(ctx, serverOf(request), tokenOf(request).userId, request.body.config),
  );

  app.post(
    "/api/welcome/test",
    {
      schema: {
        errors: { 404: "The dashboard token's member no longer exists" },
        ...welcome,
        summary: "Send the saved (or given) welcome, for the dashboard user, to its channel",
        body: welcomeTestBody,
        response: { 200: welcomeTestResponse },
      },
    },
    async (request) => sendTestWelcome(ctx, serverOf(request), actorOf(request), request.body?.config),
  );

  app.get(
    "/api/welcome/channels",
    {
      schema: {
        ...welcome,
        summary: "Channels a welcome can be posted in",
        response: { 200: welcomeChannelsResponse },
      },
    },
    async (request) => listWelcomeChannels(ctx, serverOf(request)),
  );

  app.post(
    "/api/welcome/toggle",
    {
      schema: {
        ...welcome,
        summary: "Turn welcome messages on or off",
        body: welcomeToggleBody,
        response: { 200: welcomeConfig },
      },
    },
    async (request) => toggleWelcome(ctx, serverOf(request), actorOf(request), request.body.enabled),
  );

  app.post(
    "/api/welcome/reset",
    {
      schema: { ...welcome, summary: "Back to the default welcome config", response: { 200: welcomeConfig } },
    },
    async (request) => resetWelcome(ctx, serverOf(request), actorOf(request)),
  );

  app.get(
    "/api/welcome/ping-on-join",
    { schema: { ...ping, summary: "The ping-on-join settings", response: { 200: pingOnJoinConfig } } },
    async (request) => getPingOnJoin(ctx, serverOf(request)),
  );

  app.put(
    "/api/welcome/ping-on-join",
    {
      schema: {
        ...ping,
        summary: "Replace the ping-on-join settings and channel list",
        body: pingOnJoinBody,
        response: { 200: pingOnJoinConfig },
      },
    },
    async (request) => updatePingOnJoin(ctx, serverOf(request), actorOf(request), request.body),
  );

  app.post(
    "/api/welcome/ping-on-join/channels",
    {
      schema: {
        errors: { 409: "The channel is already in the list" },
        ...ping,
        summary: "Add a channel to ping new members in",
        body: pingOnJoinAddBody,
        response: { 200: pingOnJoinConfig },
      },
    },
    async (request) => addPingChannel(ctx, serverOf(request), actorOf(request), request.body),
  );

  app.delete(
    "/api/welcome/ping-on-join/channels/:channelId",
    {
      schema: {
        ...ping,
        summary: "Remove a ping channel",
        params: pingOnJoinChannelParams,
        response: { 200: pingOnJoinConfig },
      },
    },
    async (request) => removePingChannel(ctx, serverOf(request), actorOf(request), request.params.channelId),
  );

  app.post(
    "/api/welcome/ping-on-join/toggle",
    {
      schema: {
        ...ping,
        summary: "Turn ping on join on or off",
        body: welcomeToggleBody,
        response: { 200: pingOnJoinConfig },
      },
    },
    async (request) => togglePingOnJoin(ctx, serverOf(request), actorOf(request), request.body.enabled),
  );
};
