import { z } from "zod";
import { snowflake } from "./common.ts";

export * from "../statica/rules.ts";

/**
 * Statica: supporter rewards. The bot gives reward roles to members who wear a server tag and/or
 * show chosen keywords in their status. One configuration per server.
 */

/** How members qualify: by server tag, by status keywords, or by both conditions combined. */
export const staticaTypes = ["server_tag", "status", "combined"] as const;
export const staticaType = z.enum(staticaTypes);
export type StaticaType = z.infer<typeof staticaType>;

/** The reward-role categories of `roleConfig`. */
export const staticaRoleCategories = ["combined", "serverTag", "status"] as const;
export type StaticaRoleCategory = (typeof staticaRoleCategories)[number];

/** Events the log channel can receive; the names, spaces included, are the keys of `logging.events`. */
export const staticaLogEvents = ["Role Added", "Role Removed", "Config Updated", "User Checked"] as const;
export type StaticaLogEvent = (typeof staticaLogEvents)[number];

/** Limits enforced by the API. */
export const staticaLimits = {
  /** Reward roles per category (a Discord select holds 25 options). */
  rolesPerCategory: 25,
  keywords: 50,
  keywordLength: 64,
  allowedGuilds: 50,
} as const;

const roleList = z.array(snowflake).max(staticaLimits.rolesPerCategory);

/** Reward roles per category; each a list of role ids of the server. */
export const staticaRoleConfig = z.object({
  combined: roleList,
  serverTag: roleList,
  status: roleList,
});

/** Wearing a server tag (Discord's "primary guild" identity) as the condition. */
export const staticaServerTagCondition = z.object({
  /** Used by `combined` detection; `server_tag` detection always uses the condition. */
  enabled: z.boolean(),
  /** Only this server's own tag counts; `allowedGuilds` is then ignored. */
  requireOwnServer: z.boolean(),
  /**
   * When `requireOwnServer` is off: other servers whose tag also counts (partner servers).
   * Empty means any server's tag counts. The server's own tag always counts.
   */
  allowedGuilds: z.array(snowflake).max(staticaLimits.allowedGuilds),
  /** The tag must carry its badge. */
  requireBadge: z.boolean(),
});

/** Keywords in the member's custom status and/or activities as the condition. */
export const staticaStatusCondition = z.object({
  /** Used by `combined` detection; `status` detection always uses the condition. */
  enabled: z.boolean(),
  /** Trimmed by the server; blanks dropped; a duplicate is refused. 1 to 64 characters, at most 50. */
  keywords: z.array(z.string().trim().max(staticaLimits.keywordLength)).max(staticaLimits.keywords),
  /** `any`: one keyword is enough; `all`: every keyword must appear. */
  matchType: z.enum(["any", "all"]),
  caseSensitive: z.boolean(),
  /** Look at the custom status text. */
  includeCustomStatus: z.boolean(),
  /** Look at activities (game name, details, state). */
  includeActivity: z.boolean(),
});

export const staticaCombination = z.enum(["OR", "AND"]);
export type StaticaCombination = z.infer<typeof staticaCombination>;

export const staticaConditions = z.object({
  serverTag: staticaServerTagCondition,
  status: staticaStatusCondition,
  /** For `combined` detection: either condition (OR) or both (AND). */
  combination: staticaCombination,
});

export const staticaSettings = z.object({
  /**
   * When a member leaves the server, forget the rewards they held, so a returning member starts
   * afresh and is checked again. Off: the record is kept and the roles come back when they rejoin.
   */
  removeOnLeave: z.boolean(),
  /** Take reward roles back when a member stops qualifying. */
  removeOnConditionFail: z.boolean(),
  /** Refuse reward roles the bot could not give (missing Manage Roles, or above its highest role). */
  requireBotPermissions: z.boolean(),
  /** DM members when they gain or lose a reward. */
  notifyUsers: z.boolean(),
  /** `combined`: also give each condition's own roles (`serverTag`, `status`) to members meeting it. */
  separateRoles: z.boolean(),
});

export const staticaLogEventsConfig = z.object({
  "Role Added": z.boolean(),
  "Role Removed": z.boolean(),
  "Config Updated": z.boolean(),
  "User Checked": z.boolean(),
});

export const staticaLogging = z.object({
  enabled: z.boolean(),
  /** A text channel of the server; required while logging is on. */
  channel: snowflake.nullable(),
  events: staticaLogEventsConfig,
});

/** The rewards configuration as stored and answered. */
export const staticaConfig = z.object({
  enabled: z.boolean(),
  type: staticaType,
  roleConfig: staticaRoleConfig,
  conditions: staticaConditions,
  settings: staticaSettings,
  logging: staticaLogging,
});
export type StaticaConfig = z.infer<typeof staticaConfig>;

/** The configuration the dashboard starts from, and what fills the parts a body leaves out. */
export const defaultStaticaConfig: StaticaConfig = {
  enabled: false,
  type: "combined",
  roleConfig: { combined: [], serverTag: [], status: [] },
  conditions: {
    serverTag: { enabled: true, requireOwnServer: true, allowedGuilds: [], requireBadge: false },
    status: {
      enabled: true,
      keywords: [],
      matchType: "any",
      caseSensitive: false,
      includeCustomStatus: true,
      includeActivity: false,
    },
    combination: "OR",
  },
  settings: {
    removeOnLeave: true,
    removeOnConditionFail: true,
    requireBotPermissions: true,
    notifyUsers: false,
    separateRoles: false,
  },
  logging: {
    enabled: false,
    channel: null,
    events: { "Role Added": true, "Role Removed": true, "Config Updated": true, "User Checked": false },
  },
};

/**
 * Body of `POST /api/statica/create` and `PUT /api/statica/update`: the configuration, where any
 * part may be left out and takes its default. On update an omitted `enabled` keeps the current state.
 * An empty `logging.channel` means none.
 */
export const staticaConfigBody = z.object({
  enabled: z.boolean().optional(),
  type: staticaType.optional(),
  roleConfig: staticaRoleConfig.partial().optional(),
  conditions: z
    .object({
      serverTag: staticaServerTagCondition.partial().optional(),
      status: staticaStatusCondition.partial().optional(),
      combination: staticaCombination.optional(),
    })
    .optional(),
  settings: staticaSettings.partial().optional(),
  logging: z
    .object({
      enabled: z.boolean().optional(),
      channel: z
        .union([snowflake, z.literal("")])
        .nullable()
        .optional(),
      events: staticaLogEventsConfig.partial().optional(),
    })
    .optional(),
});
export type StaticaConfigBody = z.infer<typeof staticaConfigBody>;

/** Fills what a body leaves out from `base` (the defaults); nested objects merge, lists replace. */
export function completeStaticaConfig(
  body: StaticaConfigBody,
  base: StaticaConfig = defaultStaticaConfig,
): StaticaConfig {
  const channel = body.logging?.channel;
  const roles = { ...base.roleConfig, ...body.roleConfig };
  const serverTag = { ...base.conditions.serverTag, ...body.conditions?.serverTag };
  const status = { ...base.conditions.status, ...body.conditions?.status };
  // Lists are copied so the result never shares one with `base` (the defaults, often).
  return {
    enabled: body.enabled ?? base.enabled,
    type: body.type ?? base.type,
    roleConfig: { combined: [...roles.combined], serverTag: [...roles.serverTag], status: [...roles.status] },
    conditions: {
      serverTag: { ...serverTag, allowedGuilds: [...serverTag.allowedGuilds] },
      status: { ...status, keywords: [...status.keywords] },
      combination: body.conditions?.combination ?? base.conditions.combination,
    },
    settings: { ...base.settings, ...body.settings },
    logging: {
      enabled: body.logging?.enabled ?? base.logging.enabled,
      channel: channel === undefined ? base.logging.channel : channel === "" ? null : channel,
      events: { ...base.logging.events, ...body.logging?.events },
    },
  };
}

/** `GET /api/statica/fetch`, and the answer of every write but delete. */
export const staticaConfigResponse = staticaConfig.extend({
  serverId: snowflake,
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type StaticaConfigResponse = z.infer<typeof staticaConfigResponse>;

/** `PUT /api/statica/toggle`: with `enabled` sets the state, without it flips it. */
export const staticaToggleBody = z.object({ enabled: z.boolean().optional() }).nullish();

/** A role a reward can use (`GET /api/statica/server-roles`, highest first). */
export const staticaServerRole = z.object({
  id: snowflake,
  name: z.string(),
  color: z.number().int().nonnegative(),
  position: z.number().int(),
  /** The bot could give it: it holds Manage Roles and its highest role sits above this one. */
  assignable: z.boolean(),
  /** Carries moderation or admin permissions, so it can't be a reward role. */
  dangerous: z.boolean(),
  /** Why the role-safety rule refuses it as a reward (the reason the dashboard shows), or null. */
  unsafeReason: z.string().nullable(),
});
export type StaticaServerRole = z.infer<typeof staticaServerRole>;
export const staticaServerRolesResponse = z.array(staticaServerRole);

const perCategory = z.object({
  combined: z.number().int().nonnegative(),
  serverTag: z.number().int().nonnegative(),
  status: z.number().int().nonnegative(),
});

/** `GET /api/statica/stats`. */
export const staticaStatsResponse = z.object({
  server: z.object({
    memberCount: z.number().int().nonnegative(),
    /** Configured reward roles per category. */
    roleCategories: perCategory,
  }),
  config: z.object({
    createdAt: z.number().int(),
    updatedAt: z.number().int(),
    enabled: z.boolean(),
    type: staticaType,
  }),
  /** Members currently holding a reward, per category and in all (distinct members), as the bot records them. */
  rewarded: perCategory.extend({ total: z.number().int().nonnegative() }),
});
export type StaticaStats = z.infer<typeof staticaStatsResponse>;
