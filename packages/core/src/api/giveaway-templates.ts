import { z } from "zod";
import { giveawayTemplateLimits } from "../limits/events.ts";
import { snowflake } from "./common.ts";
import { giveawayDetail, giveawayLimits, giveawaySettings } from "./giveaways.ts";

export { giveawayTemplateLimits };

const ms = z.number().int().nonnegative();

// Giveaway templates (named settings a server reuses) and bulk creation from one (issue 27, item 8).

/** A template's name: 1 to 50 characters, unique in its server (any case). */
export const giveawayTemplateName = z
  .string()
  .trim()
  .min(1, "give the template a name")
  .max(giveawayTemplateLimits.nameMaxLength, "must be at most 50 characters");

/** Path of the routes addressing one template. */
export const giveawayTemplateParams = z.object({
  serverId: snowflake,
  templateId: z.string().regex(/^\d{1,12}$/, "must be a template id"),
});

/** A saved template: the settings a giveaway started from it runs with (`duration` in seconds). */
export const giveawayTemplate = z.object({
  id: z.string(),
  name: z.string(),
  settings: giveawaySettings,
  createdAt: ms,
});
export type GiveawayTemplate = z.infer<typeof giveawayTemplate>;
export const giveawayTemplateList = z.array(giveawayTemplate);

/**
 * `POST /api/giveaways/{serverId}/templates`: save `settings` under `name`, or (with
 * `fromGiveawayId`) the settings of one of the server's giveaways, its run length as the duration.
 */
export const createGiveawayTemplateBody = z
  .object({
    name: giveawayTemplateName,
    settings: giveawaySettings.optional(),
    /** The message id of a giveaway of this server whose settings to save. */
    fromGiveawayId: snowflake.optional(),
  })
  .superRefine((body, ctx) => {
    if ((body.settings === undefined) === (body.fromGiveawayId === undefined)) {
      ctx.addIssue({
        code: "custom",
        path: ["settings"],
        message: "give either settings or fromGiveawayId, not both",
      });
    }
  });
export type CreateGiveawayTemplateBody = z.infer<typeof createGiveawayTemplateBody>;

/** `PATCH /api/giveaways/{serverId}/templates/{templateId}`: rename it, or replace its settings. */
export const updateGiveawayTemplateBody = z
  .object({
    name: giveawayTemplateName.optional(),
    settings: giveawaySettings.optional(),
  })
  .refine((body) => body.name !== undefined || body.settings !== undefined, {
    message: "give a new name or settings to change",
    path: ["name"],
  });
export type UpdateGiveawayTemplateBody = z.infer<typeof updateGiveawayTemplateBody>;

/** One row of a bulk create: what differs from the template (left out: the template's own). */
export const bulkGiveawayRow = z.object({
  prize: z.string().trim().min(1, "give a prize").max(giveawayLimits.prizeMaxLength).optional(),
  /** Seconds it runs: 60 s to 90 days. */
  duration: z
    .number()
    .int("must be a whole number of seconds")
    .min(giveawayLimits.minDurationSeconds, "must be at least 60 seconds")
    .max(giveawayLimits.maxDurationSeconds, "must be at most 90 days")
    .optional(),
  winnerCount: z
    .number()
    .int("must be a whole number")
    .min(giveawayLimits.minWinners, "must be at least 1")
    .max(giveawayLimits.maxWinners, "must be at most 50")
    .optional(),
  channelId: snowflake.optional(),
});
export type BulkGiveawayRow = z.infer<typeof bulkGiveawayRow>;

/**
 * `POST /api/giveaways/{serverId}/bulk`: post one giveaway per row, each with the template's
 * settings and the row's prize, duration, winners and channel. Every row is checked before
 * anything is posted; all are created or none (409 naming how many still fit under the cap).
 */
export const bulkGiveawayBody = z.object({
  templateId: z.string().regex(/^\d{1,12}$/, "must be a template id"),
  rows: z
    .array(bulkGiveawayRow)
    .min(1, "give at least one row")
    .max(giveawayTemplateLimits.bulkMaxRows, "must be at most 25 rows"),
});
export type BulkGiveawayBody = z.infer<typeof bulkGiveawayBody>;

/** The answer of a bulk create (201): the posted giveaways, in the rows' order. */
export const bulkGiveawayResponse = z.object({ created: z.array(giveawayDetail) });
export type BulkGiveawayResponse = z.infer<typeof bulkGiveawayResponse>;
