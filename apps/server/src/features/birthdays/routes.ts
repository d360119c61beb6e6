import {
  birthdayMemberParams,
  birthdayPreviewBody,
  birthdayRemoved,
  birthdaySettingsBody,
  birthdaySettingsSaved,
  birthdaysOverview,
  birthdaysQuery,
  botMessagePreview,
  ownBirthday,
  ownBirthdayBody,
  serverIdParams,
} from "@hearth/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { actorOf, tokenOf } from "../../http/auth-plugin.ts";
import { namesOf } from "../audit/service.ts";
import {
  configureBirthdays,
  defaultBirthdayMessage,
  findBirthday,
  getBirthdaySettings,
  previewBirthdayAnnouncement,
  removeBirthday,
  removeMemberBirthday,
  setBirthday,
  upcomingBirthdays,
} from "./service.ts";
import type { Birthday, BirthdaySettings } from "./store.ts";

const security = [{ dashboardToken: [] }];
const tags = ["birthdays"];

const settingsView = (settings: BirthdaySettings) => ({
  channelId: settings.channelId,
  roleId: settings.roleId,
  message: settings.message,
  updatedAt: settings.updatedAt,
});

const ownView = (saved: Birthday) => ({
  month: saved.month,
  day: saved.day,
  year: saved.year,
  showAge: saved.showAge,
  timezone: saved.timezone,
  nextAt: saved.nextAt,
});

/** The dashboard's Birthdays page: the setup `/birthday setup` makes, the list, the user's own birthday. */
export const birthdayRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    "/api/birthdays/:serverId",
    {
      schema: {
        tags,
        summary: "The birthday setup, the next birthdays (soonest first) and the dashboard user's own",
        security,
        params: serverIdParams,
        querystring: birthdaysQuery,
        response: { 200: birthdaysOverview },
      },
      config: { permission: "manager" },
    },
    async (request) => {
      const { serverId } = request.params;
      const [settings, list, mine] = await Promise.all([
        getBirthdaySettings(ctx, serverId),
        upcomingBirthdays(ctx, serverId, request.query.limit),
        findBirthday(ctx, serverId, tokenOf(request).userId),
      ]);
      const names = await namesOf(
        ctx,
        serverId,
        list.upcoming.map((entry) => entry.userId),
      );
      return {
        settings: settings ? settingsView(settings) : null,
        defaultMessage: defaultBirthdayMessage,
        upcoming: list.upcoming.map((entry) => ({ ...entry, name: names.get(entry.userId) ?? null })),
        total: list.total,
        mine: mine ? ownView(mine) : null,
      };
    },
  );

  app.put(
    "/api/birthdays/:serverId/settings",
    {
      schema: {
        tags,
        summary: "Choose the announcement channel, the role for the day and the message (as /birthday setup)",
        security,
        params: serverIdParams,
        body: birthdaySettingsBody,
        response: { 200: birthdaySettingsSaved },
      },
      config: { permission: "admin" },
    },
    async (request) => {
      const { settings, roleWarning } = await configureBirthdays(
        ctx,
        request.params.serverId,
        actorOf(request),
        request.body,
      );
      return { settings: settingsView(settings), roleWarning };
    },
  );

  app.post(
    "/api/birthdays/:serverId/preview",
    {
      schema: {
        tags,
        summary: "The announcement the bot would post for the dashboard user's birthday with this message",
        security,
        params: serverIdParams,
        body: birthdayPreviewBody,
        response: { 200: botMessagePreview },
      },
      // Changes nothing (renders a preview): open to every level, like a read.
      config: { permission: "manager" },
    },
    async (request) =>
      previewBirthdayAnnouncement(
        ctx,
        request.params.serverId,
        tokenOf(request).userId,
        request.body.message,
      ),
  );

  app.put(
    "/api/birthdays/:serverId/mine",
    {
      schema: {
        tags,
        summary: "Save the dashboard user's own birthday (as /birthday set)",
        security,
        params: serverIdParams,
        body: ownBirthdayBody,
        response: { 200: ownBirthday },
      },
      // Every member may save their own birthday with /birthday set.
      config: { permission: "manager" },
    },
    async (request) =>
      ownView(await setBirthday(ctx, request.params.serverId, tokenOf(request).userId, request.body)),
  );

  app.delete(
    "/api/birthdays/:serverId/mine",
    {
      schema: {
        tags,
        summary: "Forget the dashboard user's own birthday (as /birthday remove)",
        security,
        params: serverIdParams,
        response: { 200: birthdayRemoved },
      },
      config: { permission: "manager" },
    },
    async (request) => ({
      removed: await removeBirthday(ctx, request.params.serverId, tokenOf(request).userId),
    }),
  );

  app.delete(
    "/api/birthdays/:serverId/members/:userId",
    {
      schema: {
        tags,
        summary: "Remove a member's saved birthday (audited); removed is false when none was saved",
        security,
        params: birthdayMemberParams,
        response: { 200: birthdayRemoved },
      },
      config: { permission: "admin" },
    },
    async (request) => ({
      removed: await removeMemberBirthday(
        ctx,
        request.params.serverId,
        actorOf(request),
        request.params.userId,
      ),
    }),
  );
};
