import { z } from "zod";
import { readAmount } from "../format/amount.ts";
import { antiPoolLimits, gameBotIdsMax } from "../limits/community.ts";
import { tipsEveryLimits } from "../tips/tips.ts";
import { serverIdParams, snowflake } from "./common.ts";

export { antiPoolLimits, gameBotIdsMax };

/** Cooldowns between two tier switches of one grinder, as the dashboard offers them. */
export const tierSwitchCooldowns = ["0s", "12h", "24h", "7d"] as const;
export const tierSwitchCooldown = z.enum(tierSwitchCooldowns);
export type TierSwitchCooldown = z.infer<typeof tierSwitchCooldown>;

/** Each cooldown in milliseconds. */
export const tierSwitchCooldownMs: Record<TierSwitchCooldown, number> = {
  "0s": 0,
  "12h": 12 * 3_600_000,
  "24h": 24 * 3_600_000,
  "7d": 7 * 86_400_000,
};

/**
 * How often a grinder owes its tier's payment. Periods are in UTC: days start at 00:00, weeks on
 * Monday 00:00, two-week periods on every other Monday (counted from Monday 1970-01-05), months on the 1st.
 */
export const paymentPeriods = ["daily", "weekly", "biweekly", "monthly"] as const;
export const paymentPeriod = z.enum(paymentPeriods);
export type PaymentPeriod = z.infer<typeof paymentPeriod>;

/** Limits of the setup. */
export const setupLimits = {
  tierNameMax: 50,
  /** Tiers per server: what one Discord select menu can offer. */
  maxTiers: 25,
} as const;

/**
 * An id a form may clear: a Discord id, or `""` / `null` for "none" (both answer null).
 * Surrounding spaces are trimmed, as when an id is pasted.
 */
export const clearableId = z
  .string()
  .trim()
  .regex(/^(\d{17,20})?$/, "must be a Discord id (17 to 20 digits) or empty")
  .nullable()
  .transform((value) => (value === "" ? null : value));

/**
 * A positive amount: a number, or text as users type it (`250000`, `250,000`, `250k`, `1.5m`, `2b`),
 * read by `parseAmount`. Answers a whole number.
 */
export const positiveAmount = z.union([z.number(), z.string()]).transform((value, ctx) => {
  const amount = readAmount(value);
  if (!amount.ok || amount.value <= 0) {
    ctx.addIssue({
      code: "custom",
      input: value,
      message:
        !amount.ok && amount.misreadable
          ? amount.reason
          : "must be a positive amount such as 250000, 250k or 1.5m",
    });
    return z.NEVER;
  }
  return amount.value;
});

/** A tier name: trimmed, 1 to 50 characters; unique in a server regardless of case. */
export const tierName = z
  .string()
  .trim()
  .min(1, "must not be empty")
  .max(setupLimits.tierNameMax, `must be at most ${setupLimits.tierNameMax} characters`)
  // A JSON object can't carry "__proto__" as a key (tierRoles is keyed by tier name).
  .refine((name) => name !== "__proto__", "__proto__ is reserved; choose another name");

/**
 * `GET /api/server/{serverId}/setup` (defaults when the server has none). `tiers`, `payments` and
 * `tierRoles` are derived from one list of tier records, so they always agree: `payments[i]` is
 * what a grinder of `tiers[i]` owes per period, `tierRoles[tiers[i]]` its role.
 */
export const serverSetup = z.object({
  managerRoleId: snowflake.nullable(),
  grinderBaseRoleId: snowflake.nullable(),
  paymentsChannelId: snowflake.nullable(),
  ticketCategoryId: snowflake.nullable(),
  logChannelId: snowflake.nullable(),
  events: z.object({ manager: snowflake.nullable(), pingRole: snowflake.nullable() }),
  grinders: z.object({
    switchTierEnabled: z.boolean(),
    switchTierCooldown: tierSwitchCooldown,
    paymentPeriod: paymentPeriod,
  }),
  tiers: z.array(z.string()),
  payments: z.array(z.number()),
  tierRoles: z.record(z.string(), snowflake),
});
export type ServerSetup = z.infer<typeof serverSetup>;

/** `GET /api/server/{serverId}/setup/exists`: whether the server has saved a setup or added a tier. */
export const setupExistsResponse = z.object({ exists: z.boolean() });

/**
 * `PUT /api/server/{serverId}/setup`: the setup form. A field left out keeps its value; an id set
 * to null or `""` is cleared. Channels must be text channels of the server (a category for
 * `ticketCategoryId`); roles must be assignable roles of the server.
 *
 * `tiers` with `payments` (same length) and `tierRoles` (a role for every listed tier) updates the
 * listed tiers by name (case-insensitive), adds new ones, and orders them as listed; tiers left
 * out are kept (they are removed only by `DELETE …/setup/tiers/{tier}`, which checks for grinders).
 */
export const setupUpdateBody = z.object({
  managerRoleId: clearableId.optional(),
  grinderBaseRoleId: clearableId.optional(),
  paymentsChannelId: clearableId.optional(),
  ticketCategoryId: clearableId.optional(),
  logChannelId: clearableId.optional(),
  events: z.object({ manager: clearableId.optional(), pingRole: clearableId.optional() }).optional(),
  grinders: z
    .object({
      switchTierEnabled: z.boolean().optional(),
      switchTierCooldown: tierSwitchCooldown.optional(),
      paymentPeriod: paymentPeriod.optional(),
    })
    .optional(),
  tiers: z.array(tierName).max(setupLimits.maxTiers).optional(),
  payments: z.array(positiveAmount).optional(),
  tierRoles: z.record(z.string(), snowflake).optional(),
});
export type SetupUpdateBody = z.infer<typeof setupUpdateBody>;
export type SetupUpdateInput = z.input<typeof setupUpdateBody>;

/** `POST /api/server/{serverId}/setup/tiers`. Answers the whole setup (201). */
export const newTierBody = z.object({
  tierName,
  tierPayment: positiveAmount,
  tierRoleId: snowflake,
});
export type NewTierBody = z.infer<typeof newTierBody>;
export type NewTierInput = z.input<typeof newTierBody>;

/** `DELETE /api/server/{serverId}/setup/tiers/{tier}`: the tier's name, URL-encoded; any case. */
export const tierParams = serverIdParams.extend({ tier: z.string().min(1).max(200) });

/** `GET /api/settings/fetch`, and the answer of `PUT /api/settings/edit`. */
export const serverSettings = z.object({
  eventsCheatEnabled: z.boolean(),
  calculatorEnabled: z.boolean(),
  bankCalculatorEnabled: z.boolean(),
  tipsEnabled: z.boolean(),
  /** Tips: at most one command reply in this many carries a tip (2 to 100, default 10). */
  tipsEvery: z.number().int().min(tipsEveryLimits.min).max(tipsEveryLimits.max),
  marketCheckerEnabled: z.boolean(),
  /** Whether `/heist announce` shows the heist image (kept a switch, as the spec has it). */
  heist_image: z.boolean(),
  /** The heist image's link (an http(s) PNG, JPG, GIF or WebP, checked like embed images), or null. */
  heistImageUrl: z.string().nullable(),
  rumbleTrackerEnabled: z.boolean(),
  /** The game bot(s) whose in-chat events the Event helper answers (default: Dank Memer). */
  gameBotIds: z.array(snowflake),
  /**
   * Anti-pool protection: on whenever a pool manager is set. `windowHours`: a member wins at most one
   * of the server's events per this many hours unless the pool manager approves.
   */
  antiPoolShow: z.object({
    toggle: z.boolean(),
    poolManagerId: snowflake.nullable(),
    windowHours: z.number().int().min(1).max(720),
  }),
  memberTriggerLimit: z.number().int().min(1).max(100),
  /** Premium: read-only from the dashboard (premium can't be bought yet). */
  pro: z.object({ status: z.boolean(), activatedBy: z.string().nullable() }),
});
export type ServerSettings = z.infer<typeof serverSettings>;

/** Dank Memer's bot id: the game bot these servers grind on, the Event helper's default. */
export const dankMemerId = "270904126974590976";

/** Defaults of a server that never changed its settings. */
export const defaultServerSettings: ServerSettings = {
  eventsCheatEnabled: false,
  calculatorEnabled: true,
  bankCalculatorEnabled: false,
  tipsEnabled: true,
  tipsEvery: tipsEveryLimits.default,
  marketCheckerEnabled: false,
  heist_image: false,
  heistImageUrl: null,
  rumbleTrackerEnabled: false,
  gameBotIds: [dankMemerId],
  antiPoolShow: { toggle: false, poolManagerId: null, windowHours: antiPoolLimits.defaultWindowHours },
  memberTriggerLimit: 3,
  pro: { status: false, activatedBy: null },
};

/** The exact refusal when protection is switched off while a pool manager is set. */
export const antiPoolDisableRefusal =
  "Cannot disable Anti-Pool Protection while Pool Manager ID is set. Please clear the Pool Manager ID first.";

/**
 * `PUT /api/settings/edit`: any subset of the settings. `pro` is read-only and ignored, like any
 * unknown field. Anti-pool: a non-empty `poolManagerId` (a member of the server) turns protection
 * on; clearing it (`""` or null) turns protection off; `toggle: false` while an id stays set is
 * refused with `antiPoolDisableRefusal`.
 */
export const settingsEditBody = z.object({
  eventsCheatEnabled: z.boolean().optional(),
  calculatorEnabled: z.boolean().optional(),
  bankCalculatorEnabled: z.boolean().optional(),
  tipsEnabled: z.boolean().optional(),
  tipsEvery: z
    .number()
    .int("must be a whole number")
    .min(tipsEveryLimits.min, `must be between ${tipsEveryLimits.min} and ${tipsEveryLimits.max}`)
    .max(tipsEveryLimits.max, `must be between ${tipsEveryLimits.min} and ${tipsEveryLimits.max}`)
    .optional(),
  marketCheckerEnabled: z.boolean().optional(),
  heist_image: z.boolean().optional(),
  /**
   * The heist image link: setting one switches `heist_image` on, clearing it (`""` or null) off.
   * Checked like an embed image (http(s), PNG/JPG/GIF/WebP when the link names a file type).
   */
  heistImageUrl: z
    .string()
    .trim()
    .max(2000, "must be at most 2000 characters")
    .nullable()
    .transform((value) => (value === "" ? null : value))
    .optional(),
  rumbleTrackerEnabled: z.boolean().optional(),
  /** The Event helper's game bots: 1 to 10 ids, duplicates dropped. */
  gameBotIds: z
    .array(snowflake)
    .min(1, "must name at least one bot")
    .max(gameBotIdsMax, `must name at most ${gameBotIdsMax} bots`)
    .transform((ids) => [...new Set(ids)])
    .optional(),
  antiPoolShow: z
    .object({
      toggle: z.boolean().optional(),
      poolManagerId: clearableId.optional(),
      windowHours: z
        .number()
        .int("must be a whole number of hours")
        .min(antiPoolLimits.minWindowHours, "must be between 1 and 720 hours")
        .max(antiPoolLimits.maxWindowHours, "must be between 1 and 720 hours")
        .optional(),
    })
    .optional(),
  memberTriggerLimit: z
    .number()
    .int("must be a whole number")
    .min(1, "must be between 1 and 100")
    .max(100, "must be between 1 and 100")
    .optional(),
});
export type SettingsEditBody = z.infer<typeof settingsEditBody>;
export type SettingsEditInput = z.input<typeof settingsEditBody>;
