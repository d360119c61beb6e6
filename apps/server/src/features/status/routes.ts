import {
  commandsResponse,
  healthResponse,
  invitePermissions,
  inviteResponse,
  pingResponse,
  shownCommands,
  statsResponse,
} from "@hearth/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sql } from "kysely";
import type { AppContext } from "../../context.ts";
import { prepareJson, sendList } from "../../http/public-list.ts";
import { version } from "../../lib/version.ts";
import { countActiveGuilds } from "../guilds/service.ts";
import { commandRunTotal, uptimePercent } from "./store.ts";

/** The landing page's database figures are read at most once a second per process. */
const statsTtlMs = 1000;

export const statusRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  let figures: {
    expiresAt: number;
    read: Promise<[{ servers: number; users: number }, number, number]>;
  } | null = null;
  const readFigures = (now: number) => {
    if (figures && figures.expiresAt > now) return figures.read;
    const read = Promise.all([
      countActiveGuilds(ctx),
      commandRunTotal(ctx.storage.db),
      uptimePercent(ctx.storage.db, now),
    ]);
    figures = { expiresAt: now + statsTtlMs, read };
    read.catch(() => {
      figures = null;
    });
    return read;
  };

  app.get(
    "/health",
    {
      schema: {
        tags: ["system"],
        summary: "Liveness and database reachability",
        response: { 200: healthResponse, 503: healthResponse },
      },
    },
    async (_request, reply) => {
      const uptimeSeconds = Math.floor((Date.now() - ctx.startedAt) / 1000);
      try {
        await sql`select 1`.execute(ctx.storage.db);
        return { status: "ok" as const, database: "ok" as const, uptimeSeconds, version };
      } catch {
        return reply
          .status(503)
          .send({ status: "degraded" as const, database: "unreachable" as const, uptimeSeconds, version });
      }
    },
  );

  app.get(
    "/api/ping",
    { schema: { tags: ["system"], summary: "Round-trip check", response: { 200: pingResponse } } },
    async () => ({ pong: true as const, time: Date.now() }),
  );

  app.get(
    "/api/stats",
    {
      schema: {
        tags: ["system"],
        summary: "Live figures for the landing page (read at most once a second; ETag, 304 on If-None-Match)",
        response: { 200: statsResponse },
        etag: true,
      },
    },
    async (request, reply) => {
      const now = Date.now();
      const [guilds, commandsRun, uptime] = await readFigures(now);
      const stats = statsResponse.parse({
        ...guilds,
        commandsRun,
        commands: shownCommands(app.commandPaths).length,
        uptimeSeconds: Math.floor((now - ctx.startedAt) / 1000),
        uptimePercent: uptime,
        sandbox: ctx.discord.kind === "sandbox",
      });
      return sendList(request, reply, prepareJson(JSON.stringify(stats)));
    },
  );

  app.get(
    "/api/commands",
    {
      schema: {
        tags: ["system"],
        summary: "The commands the bot registers for members (the commands page lists exactly these)",
        response: { 200: commandsResponse },
      },
    },
    async () => ({ commands: shownCommands(app.commandPaths).map((entry) => entry.name) }),
  );

  const permissionBits = invitePermissions.reduce((bits, permission) => bits | permission.bit, 0n).toString();
  app.get(
    "/api/invite",
    {
      schema: {
        tags: ["system"],
        summary: "The bot's invite (authorisation) URL",
        response: { 200: inviteResponse },
      },
    },
    async () => {
      const clientId = ctx.config.discordClientId ?? null;
      const url = clientId
        ? `https://discord.com/oauth2/authorize?${new URLSearchParams({ client_id: clientId, permissions: permissionBits, scope: "bot applications.commands" })}`
        : null;
      return {
        url,
        clientId,
        permissions: invitePermissions.map((permission) => permission.name),
        permissionBits,
      };
    },
  );
};
