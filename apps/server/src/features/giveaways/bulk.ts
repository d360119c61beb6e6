import {
  type BulkGiveawayBody,
  type BulkGiveawayResponse,
  capReachedMessage,
  type GiveawayDetail,
  type GiveawaySettings,
  serverCaps,
} from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { requireTextChannel } from "../../discord/port/validate.ts";
import { AppError, badRequest, conflict } from "../../lib/errors.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";
import { checkEndTime, checkSettings, countTowardCap, postGiveaway } from "./create.ts";
import { deleteGiveaway } from "./service.ts";
import * as templateStore from "./template-store.ts";
import { withFieldPrefix } from "./templates.ts";

/**
 * Bulk creation: several giveaways from one template, each row its own prize, duration, winners
 * and channel. Every row is checked before anything is posted, and the cap is checked for all of
 * them at once; if a post still fails (Discord refused it, or a concurrent create took the last
 * places), the ones already posted are taken down again: all are created or none.
 */

type Deps = Pick<AppContext, "storage" | "discord" | "jobs" | "logger" | "config">;

/** 409 when `wanted` more would pass the cap, saying how many still fit. */
export function checkBulkFits(running: number, wanted: number): void {
  const cap = serverCaps.giveaways;
  if (running + wanted <= cap.max) return;
  const room = Math.max(0, cap.max - running);
  const fits =
    room === 0
      ? capReachedMessage(cap)
      : `Only ${room} of these ${wanted} giveaways fit: this server runs ${running} of its cap of ${cap.max} ${cap.noun} (scheduled and recurring ones count); remove ${wanted - room} ${wanted - room === 1 ? "row" : "rows"}, or ${cap.free}.`;
  throw conflict(fits, "rows");
}

export async function bulkCreateGiveaways(
  ctx: Deps,
  serverId: string,
  actor: AuditActor & { userId: string },
  body: BulkGiveawayBody,
): Promise<BulkGiveawayResponse> {
  const template = await templateStore.findTemplate(ctx.storage.db, serverId, Number(body.templateId));
  if (!template) throw badRequest("templateId: no such giveaway template in this server", "templateId");

  // Every row's settings, each checked before anything is posted.
  const rows: GiveawaySettings[] = body.rows.map((row) => ({
    ...template.settings,
    ...(row.prize !== undefined ? { prize: row.prize } : {}),
    ...(row.duration !== undefined ? { duration: row.duration } : {}),
    ...(row.winnerCount !== undefined ? { winnerCount: row.winnerCount } : {}),
    ...(row.channelId !== undefined ? { channelId: row.channelId } : {}),
  }));
  // What the rows share is the template's: checked once (a role deleted since, a host who left).
  const { channelId: _channel, ...shared } = template.settings;
  try {
    await checkSettings(ctx, serverId, shared);
  } catch (error) {
    if (!(error instanceof AppError) || error.statusCode !== 400) throw error;
    throw badRequest(
      `templateId: the template's settings no longer fit the server (${error.message})`,
      "templateId",
    );
  }
  const checkedChannels = new Set<string>();
  for (const [index, row] of rows.entries()) {
    if (checkedChannels.has(row.channelId)) continue;
    await withFieldPrefix(`rows.${index}.`, () =>
      requireTextChannel(ctx, serverId, row.channelId, "channelId"),
    );
    checkedChannels.add(row.channelId);
  }
  checkBulkFits(await countTowardCap(ctx.storage.db, serverId), rows.length);

  const posted: GiveawayDetail[] = [];
  try {
    for (const [index, row] of rows.entries()) {
      const now = Date.now();
      const endTime = await withFieldPrefix(`rows.${index}.`, async () =>
        checkEndTime(now + row.duration * 1000, now),
      );
      posted.push(
        await withFieldPrefix(`rows.${index}.`, () =>
          postGiveaway(ctx, serverId, actor, { ...row, endTime }, { checkCap: true }),
        ),
      );
    }
  } catch (error) {
    await takeDown(ctx, serverId, actor, posted);
    if (error instanceof AppError) {
      throw new AppError(
        error.statusCode,
        `${error.message} (row ${posted.length + 1}; nothing was created)`,
        error.field,
      );
    }
    throw error;
  }
  await recordAudit(ctx.storage.db, serverId, actor, "giveaway.bulk_create", {
    templateId: template.id,
    template: template.name,
    count: posted.length,
    messageIds: posted.map((giveaway) => giveaway.messageId),
  });
  return { created: posted };
}

/** Deletes what a failed bulk create posted (its rows, jobs and messages). */
async function takeDown(ctx: Deps, serverId: string, actor: AuditActor, posted: GiveawayDetail[]) {
  for (const giveaway of posted) {
    await deleteGiveaway(ctx, serverId, giveaway.messageId, actor).catch((error: unknown) =>
      ctx.logger.error(
        { err: error, messageId: giveaway.messageId },
        "could not take down a giveaway of a failed bulk create",
      ),
    );
  }
}
