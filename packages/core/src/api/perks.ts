import { z } from "zod";
import { perkTierRules } from "../limits/features.ts";
import { serverIdParams, snowflake } from "./common.ts";

export { perkTierRules };

/** One perk tier: what members holding its role may use. */
export const perkTierItem = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Members with this role get the tier's perks. */
  roleId: snowflake,
  /** Auto-reaction emojis a member may set. */
  emojis: z.number().int(),
  highlights: z.boolean(),
  /** Members a private channel may hold (0: no channel). */
  channelMembers: z.number().int(),
  /** Members a private role may hold (0: no role). */
  roleMembers: z.number().int(),
  afk: z.boolean(),
  /** Auto-responders a member may set. */
  responders: z.number().int(),
});
export type PerkTierItem = z.infer<typeof perkTierItem>;

/** A member who has perks stored (a private channel or role, emojis). */
export const perkMemberItem = z.object({
  userId: snowflake,
  channelId: z.string().nullable(),
  roleId: z.string().nullable(),
  emojis: z.number().int(),
  /** When they lost the tier that allowed their channel or role (null while they hold it). */
  expiredAt: z.number().int().nullable(),
});
export type PerkMemberItem = z.infer<typeof perkMemberItem>;

/** `GET /api/perks/{serverId}`. */
export const perksOverview = z.object({
  tiers: z.array(perkTierItem),
  /** Expired private channels and roles are deleted after 24 hours when on. */
  autoCleanup: z.boolean(),
  members: z.array(perkMemberItem),
  limits: z.object({
    nameMax: z.number().int(),
    maxEmojis: z.number().int(),
    maxMembers: z.number().int(),
    maxResponders: z.number().int(),
    maxPerServer: z.number().int(),
  }),
});
export type PerksOverview = z.infer<typeof perksOverview>;

const count = (max: number) =>
  z.number().int("must be a whole number").min(0, "must be 0 or more").max(max, `must be at most ${max}`);

const tierLimitsShape = {
  emojis: count(perkTierRules.maxEmojis).optional(),
  highlights: z.boolean().optional(),
  channelMembers: count(perkTierRules.maxMembers).optional(),
  roleMembers: count(perkTierRules.maxMembers).optional(),
  afk: z.boolean().optional(),
  responders: count(perkTierRules.maxResponders).optional(),
};

const tierName = z
  .string()
  .trim()
  .min(1, "must not be empty")
  .max(perkTierRules.nameMax, `must be at most ${perkTierRules.nameMax} characters`);

/** `POST /api/perks/{serverId}/tiers`: unset counts are 0, highlights and AFK on. */
export const createPerkTierBody = z.object({ name: tierName, roleId: snowflake, ...tierLimitsShape });
export type CreatePerkTierBody = z.infer<typeof createPerkTierBody>;

/** `PATCH /api/perks/{serverId}/tiers/{tierId}`: at least one field. */
export const editPerkTierBody = z
  .object({ name: tierName.optional(), roleId: snowflake.optional(), ...tierLimitsShape })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: "give at least one field to change",
  });
export type EditPerkTierBody = z.infer<typeof editPerkTierBody>;

export const perkTierParams = serverIdParams.extend({
  tierId: z.coerce.number().int("must be a tier id").positive("must be a tier id").max(2_147_483_647),
});

/** `PATCH …/tiers/{tierId}` and `DELETE` answer how many members lost a channel or role by it. */
export const perkTierSaved = z.object({
  tier: perkTierItem,
  /** Members whose private channel or role the change no longer allows (now expired). */
  expired: z.number().int(),
});
export const perkTierDeleted = z.object({ deleted: z.number().int(), expired: z.number().int() });

/** `PUT /api/perks/{serverId}/settings`. */
export const perkSettingsBody = z.object({ autoCleanup: z.boolean() });
export const perkSettings = z.object({
  autoCleanup: z.boolean(),
  /** Cleanups of members already expired, scheduled by switching it on. */
  scheduled: z.number().int(),
});

/** `DELETE /api/perks/{serverId}/members/{userId}`. */
export const perkMemberParams = serverIdParams.extend({ userId: snowflake });
export const perkMemberRemoved = z.object({
  userId: snowflake,
  /** Their private channel was deleted on Discord. */
  channel: z.boolean(),
  /** Their private role was deleted on Discord. */
  role: z.boolean(),
});
