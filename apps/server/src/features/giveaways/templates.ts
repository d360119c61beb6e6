import {
  type CreateGiveawayTemplateBody,
  type GiveawaySettings,
  type GiveawayTemplate,
  serverCaps,
  type UpdateGiveawayTemplateBody,
} from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { transactionForServer } from "../../db/locks.ts";
import { checkCap } from "../../lib/caps.ts";
import { AppError, conflict, notFound } from "../../lib/errors.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";
import { checkSettings } from "./create.ts";
import type { Giveaway } from "./giveaway-records.ts";
import { giveawayNotFound } from "./queries.ts";
import * as store from "./store.ts";
import * as templateStore from "./template-store.ts";

/** Giveaway templates: a server's named settings, saved from a form or a giveaway, started again. */

type Deps = Pick<AppContext, "storage" | "discord" | "jobs" | "logger" | "config">;

const gate = "giveaway-templates";
export const templateNotFound = () => notFound("No such giveaway template in this server");

export const toTemplateBody = (template: templateStore.Template): GiveawayTemplate => ({
  id: String(template.id),
  name: template.name,
  settings: template.settings,
  createdAt: template.createdAt,
});

/**
 * Runs `check`, naming its refused field under `prefix` ("settings.channelId", "rows.2.prize"): the
 * setting checks name the field of a create, which sits deeper in these bodies.
 */
export async function withFieldPrefix<T>(prefix: string, check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (error) {
    if (error instanceof AppError && error.field !== undefined) {
      const message = error.message.startsWith(`${error.field}:`)
        ? `${prefix}${error.message}`
        : error.message;
      throw new AppError(error.statusCode, message, `${prefix}${error.field}`);
    }
    throw error;
  }
}

/** What a giveaway ran with, as a template holds it (its run length as the duration). */
export function settingsOfGiveaway(giveaway: Giveaway): GiveawaySettings {
  const requirements = {
    minAccountAge: giveaway.minAccountAge,
    minMemberAge: giveaway.minMemberAge,
    minInvites: giveaway.minInvites,
    requiredRoles: giveaway.requiredRoles,
  };
  const hasRequirements =
    requirements.minAccountAge > 0 ||
    requirements.minMemberAge > 0 ||
    requirements.minInvites > 0 ||
    requirements.requiredRoles.length > 0;
  const runSeconds = Math.round((giveaway.endTime - giveaway.createdAt) / 1000);
  return {
    channelId: giveaway.channelId,
    prize: giveaway.prize,
    ...(giveaway.description ? { description: giveaway.description } : {}),
    winnerCount: giveaway.winnerCount,
    duration: Math.min(Math.max(runSeconds, 60), 90 * 86_400),
    ...(hasRequirements ? { requirements } : {}),
    ...(giveaway.donorId ? { donorId: giveaway.donorId } : {}),
    hostId: giveaway.hostId,
    pingRoleId: giveaway.pingRoleId,
    ...(giveaway.winnersChannelId ? { winnersChannelId: giveaway.winnersChannelId } : {}),
    ...(giveaway.dmWinners ? { dmWinners: true } : {}),
    ...(giveaway.claimWindowMs ? { claimWindow: Math.round(giveaway.claimWindowMs / 1000) } : {}),
    ...(giveaway.endAfterEntries ? { maxEntries: giveaway.endAfterEntries } : {}),
    ...(giveaway.reminderBeforeMs ? { reminderBefore: Math.round(giveaway.reminderBeforeMs / 1000) } : {}),
  };
}

export async function listTemplates(ctx: Pick<AppContext, "storage">, serverId: string) {
  return (await templateStore.listTemplates(ctx.storage.db, serverId)).map(toTemplateBody);
}

export async function getTemplate(ctx: Pick<AppContext, "storage">, serverId: string, id: number) {
  const template = await templateStore.findTemplate(ctx.storage.db, serverId, id);
  if (!template) throw templateNotFound();
  return template;
}

/** The server's template of this name (any case); 404 naming the field otherwise. */
export async function templateByName(ctx: Pick<AppContext, "storage">, serverId: string, name: string) {
  const template = await templateStore.findTemplateByName(ctx.storage.db, serverId, name.trim());
  if (!template) throw new AppError(404, `This server has no giveaway template named “${name}”`, "template");
  return template;
}

const nameTaken = (name: string) =>
  conflict(`This server already has a giveaway template named “${name}”`, "name");

/**
 * Saves a template: the given settings (each id checked to name something of this server), or
 * those of one of the server's giveaways. Capped per server (409); a name is unique, any case (409).
 */
export async function saveTemplate(
  ctx: Deps,
  serverId: string,
  actor: AuditActor,
  body: CreateGiveawayTemplateBody,
): Promise<GiveawayTemplate> {
  let settings: GiveawaySettings;
  if (body.fromGiveawayId !== undefined) {
    const giveaway = await store.findGiveaway(ctx.storage.db, serverId, body.fromGiveawayId);
    if (!giveaway) throw giveawayNotFound();
    settings = settingsOfGiveaway(giveaway);
  } else {
    settings = body.settings as GiveawaySettings;
    await withFieldPrefix("settings.", () => checkSettings(ctx, serverId, settings));
  }
  const template = await transactionForServer(ctx.storage, serverId, gate, async (trx) => {
    checkCap(serverCaps.giveawayTemplates, await templateStore.countTemplates(trx, serverId));
    if (await templateStore.findTemplateByName(trx, serverId, body.name)) throw nameTaken(body.name);
    const saved = await templateStore.insertTemplate(trx, {
      serverId,
      name: body.name,
      settings,
      createdAt: Date.now(),
    });
    await recordAudit(trx, serverId, actor, "giveaway.template.create", {
      templateId: saved.id,
      name: saved.name,
      prize: settings.prize,
      ...(body.fromGiveawayId !== undefined ? { fromGiveawayId: body.fromGiveawayId } : {}),
    });
    return saved;
  });
  return toTemplateBody(template);
}

/** Renames a template or replaces its settings (checked like a save). */
export async function updateTemplate(
  ctx: Deps,
  serverId: string,
  id: number,
  actor: AuditActor,
  body: UpdateGiveawayTemplateBody,
): Promise<GiveawayTemplate> {
  if (body.settings !== undefined) {
    const settings = body.settings;
    await withFieldPrefix("settings.", () => checkSettings(ctx, serverId, settings));
  }
  const template = await transactionForServer(ctx.storage, serverId, gate, async (trx) => {
    const found = await templateStore.findTemplate(trx, serverId, id);
    if (!found) throw templateNotFound();
    if (body.name !== undefined) {
      const same = await templateStore.findTemplateByName(trx, serverId, body.name);
      if (same && same.id !== id) throw nameTaken(body.name);
    }
    await templateStore.updateTemplate(trx, id, body);
    await recordAudit(trx, serverId, actor, "giveaway.template.update", {
      templateId: id,
      name: body.name ?? found.name,
      ...(body.name !== undefined && body.name !== found.name ? { renamedFrom: found.name } : {}),
      ...(body.settings !== undefined ? { settingsChanged: true } : {}),
    });
    return {
      ...found,
      ...(body.name !== undefined ? { name: body.name } : {}),
      settings: body.settings ?? found.settings,
    };
  });
  return toTemplateBody(template);
}

export async function deleteTemplate(ctx: Deps, serverId: string, id: number, actor: AuditActor) {
  await transactionForServer(ctx.storage, serverId, gate, async (trx) => {
    const found = await templateStore.findTemplate(trx, serverId, id);
    if (!found || !(await templateStore.deleteTemplate(trx, serverId, id))) throw templateNotFound();
    await recordAudit(trx, serverId, actor, "giveaway.template.delete", { templateId: id, name: found.name });
  });
}
