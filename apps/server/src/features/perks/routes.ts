import {
  createPerkTierBody,
  editPerkTierBody,
  perkMemberParams,
  perkMemberRemoved,
  perkSettings,
  perkSettingsBody,
  perksOverview,
  perkTierDeleted,
  perkTierItem,
  perkTierParams,
  perkTierRules,
  perkTierSaved,
  serverIdParams,
} from "@hearth/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { actorOf } from "../../http/auth-plugin.ts";
import { notFound } from "../../lib/errors.ts";
import { deleteUserPerks } from "./cleanup.ts";
import type { PerkTier } from "./rules.ts";
import * as store from "./store.ts";
import { configureCleanup, createTier, deleteTier, editTierById, listTiers } from "./tiers.ts";

const security = [{ dashboardToken: [] }];
const tags = ["perks"];

const item = ({ serverId: _, ...tier }: PerkTier) => tier;

/** The dashboard's Perks page: the same service as `/perks-admin`. */
export const perkRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    "/api/perks/:serverId",
    {
      schema: {
        tags,
        summary: "The server's perk tiers, the auto-cleanup setting and the members with perks stored",
        security,
        params: serverIdParams,
        response: { 200: perksOverview },
      },
    },
    async (request) => {
      const { serverId } = request.params;
      const [tiers, { autoCleanup }, members] = await Promise.all([
        listTiers(ctx, serverId),
        configureCleanup(ctx, serverId, undefined),
        store.listMembers(ctx.storage.db, serverId),
      ]);
      return {
        tiers: tiers.map(item),
        autoCleanup,
        members: members.map((member) => ({
          userId: member.userId,
          channelId: member.channelId,
          roleId: member.roleId,
          emojis: member.emojis.length,
          expiredAt: member.expiredAt,
        })),
        limits: { ...perkTierRules },
      };
    },
  );

  app.post(
    "/api/perks/:serverId/tiers",
    {
      schema: {
        errors: {
          409: "A tier has that name or role already, or the server has as many tiers as it may",
        },
        tags,
        summary: "Create a perk tier: members holding its role get its perks",
        security,
        params: serverIdParams,
        body: createPerkTierBody,
        response: { 201: perkTierItem },
      },
    },
    async (request, reply) => {
      const tier = await createTier(ctx, request.params.serverId, request.body, actorOf(request));
      return reply.status(201).send(item(tier));
    },
  );

  app.patch(
    "/api/perks/:serverId/tiers/:tierId",
    {
      schema: {
        errors: {
          404: "The server has no tier with that id",
          409: "Another tier has that name or role",
        },
        tags,
        summary: "Change a perk tier; channels and roles its new limits no longer allow expire",
        security,
        params: perkTierParams,
        body: editPerkTierBody,
        response: { 200: perkTierSaved },
      },
    },
    async (request) => {
      const { serverId, tierId } = request.params;
      const { tier, expired } = await editTierById(ctx, serverId, tierId, request.body, actorOf(request));
      return { tier: item(tier), expired };
    },
  );

  app.delete(
    "/api/perks/:serverId/tiers/:tierId",
    {
      schema: {
        errors: { 404: "The server has no tier with that id" },
        tags,
        summary: "Delete a perk tier (irreversible): its members keep only what their other tiers allow",
        security,
        params: perkTierParams,
        response: { 200: perkTierDeleted },
      },
    },
    async (request) => {
      const { serverId, tierId } = request.params;
      const { expired } = await deleteTier(ctx, serverId, tierId, actorOf(request));
      return { deleted: tierId, expired };
    },
  );

  app.put(
    "/api/perks/:serverId/settings",
    {
      schema: {
        tags,
        summary: "Switch the auto-cleanup of expired private channels and roles (24 hours after expiry)",
        security,
        params: serverIdParams,
        body: perkSettingsBody,
        response: { 200: perkSettings },
      },
    },
    async (request) =>
      configureCleanup(ctx, request.params.serverId, request.body.autoCleanup, actorOf(request)),
  );

  app.delete(
    "/api/perks/:serverId/members/:userId",
    {
      schema: {
        errors: { 404: "The member has no perks stored" },
        tags,
        summary:
          "Remove every perk of a member: their private channel and role are deleted on Discord, the rest forgotten",
        security,
        params: perkMemberParams,
        response: { 200: perkMemberRemoved },
      },
    },
    async (request) => {
      const { serverId, userId } = request.params;
      if (!(await store.findMember(ctx.storage.db, serverId, userId)))
        throw notFound("That member has no perks stored.");
      const removed = await deleteUserPerks(ctx, serverId, userId, actorOf(request));
      return { userId, channel: removed.channel, role: removed.role };
    },
  );
};
