import { z } from "zod";
import { birthdayLimits } from "../limits/events.ts";
import { serverIdParams, snowflake } from "./common.ts";

export { birthdayLimits };

/** A server's birthday setup: where birthdays are announced, the role for the day, the message. */
export const birthdaySettings = z.object({
  channelId: snowflake,
  roleId: snowflake.nullable(),
  /** Null: the default message. */
  message: z.string().nullable(),
  updatedAt: z.number().int(),
});
export type BirthdaySettingsView = z.infer<typeof birthdaySettings>;

/** One member's next birthday as the dashboard lists it (the year never shows; the age only if they chose). */
export const upcomingBirthday = z.object({
  userId: snowflake,
  /** Their display name, when Discord could name them. */
  name: z.string().nullable(),
  /** `20 July`: the day it is next celebrated. */
  date: z.string(),
  /** When it next starts (their local midnight), ms. */
  at: z.number().int(),
  /** The age they turn, only when they chose to show it. */
  age: z.number().int().nullable(),
  timezone: z.string(),
});
export type UpcomingBirthdayView = z.infer<typeof upcomingBirthday>;

/** The dashboard user's own saved birthday (theirs alone: the year shows only to them). */
export const ownBirthday = z.object({
  month: z.number().int(),
  day: z.number().int(),
  year: z.number().int().nullable(),
  showAge: z.boolean(),
  timezone: z.string(),
  nextAt: z.number().int(),
});
export type OwnBirthday = z.infer<typeof ownBirthday>;

/** `GET /api/birthdays/:serverId`: the setup, the next birthdays and the dashboard user's own. */
export const birthdaysOverview = z.object({
  settings: birthdaySettings.nullable(),
  defaultMessage: z.string(),
  upcoming: z.array(upcomingBirthday),
  /** Birthdays saved in the server. */
  total: z.number().int(),
  mine: ownBirthday.nullable(),
});
export type BirthdaysOverview = z.infer<typeof birthdaysOverview>;

export const birthdaysQuery = z.object({
  limit: z.coerce.number().int().min(1).max(birthdayLimits.pageMax).default(25),
});

/** `PUT /api/birthdays/:serverId/settings`: what `/birthday setup` takes. */
export const birthdaySettingsBody = z.object({
  channelId: snowflake,
  roleId: snowflake.nullable().optional(),
  /** Empty or null: the default message. */
  message: z.string().max(birthdayLimits.messageMax).nullable().optional(),
});
export type BirthdaySettingsBody = z.infer<typeof birthdaySettingsBody>;

/** `PUT /api/birthdays/:serverId/settings` answers the saved setup and a warning about the role, if any. */
export const birthdaySettingsSaved = z.object({
  settings: birthdaySettings,
  /** E.g. the role is above the bot's: it can't be given until that's fixed. */
  roleWarning: z.string().nullable(),
});

/** `POST /api/birthdays/:serverId/preview`: the announcement for a message (the saved one when left out). */
export const birthdayPreviewBody = z.object({
  message: z.string().max(birthdayLimits.messageMax).nullable().optional(),
});

/** `PUT /api/birthdays/:serverId/mine`: what `/birthday set` takes, for the dashboard user. */
export const ownBirthdayBody = z.object({
  month: z.number().int().min(1).max(12),
  day: z.number().int().min(1).max(31),
  year: z.number().int().nullable().optional(),
  /** IANA name; left out: the saved one (UTC for a first birthday). */
  timezone: z.string().max(64).nullable().optional(),
  showAge: z.boolean().optional(),
});
export type OwnBirthdayBody = z.infer<typeof ownBirthdayBody>;

/** `DELETE /api/birthdays/:serverId/members/:userId`. */
export const birthdayMemberParams = serverIdParams.extend({ userId: snowflake });

/** What a delete of a birthday answers. */
export const birthdayRemoved = z.object({ removed: z.boolean() });
