import { z } from "zod";
import { selfRolePanelRules } from "../limits/features.ts";
import { serverEmoji } from "./boards.ts";
import { serverIdParams, snowflake } from "./common.ts";

export { selfRolePanelRules };

export const selfRoleDisplays = ["buttons", "dropdown"] as const;

const panelRole = z.object({
  roleId: snowflake,
  /** A unicode emoji or one of the server's (`<:name:id>`), shown on the role's button or option. */
  emoji: z.string().trim().max(100, "must be one emoji").nullish(),
});

/** One panel as the dashboard lists it, with the messages carrying it. */
export const selfRolePanelItem = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  display: z.enum(selfRoleDisplays),
  roles: z.array(z.object({ roleId: snowflake, emoji: z.string().nullable() })),
  messages: z.array(
    z.object({ channelId: snowflake, messageId: snowflake, kind: z.enum(["posted", "bound"]) }),
  ),
  createdAt: z.number().int(),
});
export type SelfRolePanelItem = z.infer<typeof selfRolePanelItem>;

/** `GET /api/selfroles/{serverId}`. */
export const selfRolesOverview = z.object({
  panels: z.array(selfRolePanelItem),
  /** Roles allowed on panels; blacklisted ones were taken off (their permissions turned dangerous). */
  roles: z.array(
    z.object({
      roleId: snowflake,
      status: z.enum(["whitelisted", "blacklisted"]),
      reason: z.string().nullable(),
    }),
  ),
  /** The server's custom emojis, for the roles' emoji pickers (empty when Discord could not list them). */
  emojis: z.array(serverEmoji),
  limits: z.object({
    nameMax: z.number().int(),
    titleMax: z.number().int(),
    descriptionMax: z.number().int(),
    maxRoles: z.number().int(),
    maxWhitelist: z.number().int(),
    maxPanels: z.number().int(),
  }),
});
export type SelfRolesOverview = z.infer<typeof selfRolesOverview>;

const panelLook = {
  title: z
    .string()
    .trim()
    .max(selfRolePanelRules.titleMax, `must be at most ${selfRolePanelRules.titleMax} characters`)
    .nullish(),
  description: z
    .string()
    .trim()
    .max(selfRolePanelRules.descriptionMax, `must be at most ${selfRolePanelRules.descriptionMax} characters`)
    .nullish(),
  display: z.enum(selfRoleDisplays),
  roles: z
    .array(panelRole)
    .min(1, "must hold at least one role")
    .max(selfRolePanelRules.maxRoles, `must hold at most ${selfRolePanelRules.maxRoles} roles`),
};

/** `POST /api/selfroles/{serverId}/panels`: saves the panel and posts it to the channel. */
export const createSelfRolePanelBody = z.object({
  name: z
    .string()
    .trim()
    .min(1, "must not be empty")
    .max(selfRolePanelRules.nameMax, `must be at most ${selfRolePanelRules.nameMax} characters`),
  ...panelLook,
  channelId: snowflake,
});
export type CreateSelfRolePanelBody = z.infer<typeof createSelfRolePanelBody>;

/**
 * `PATCH /api/selfroles/{serverId}/panels/{panelId}`: changes the panel (any of its name, title,
 * description, display and roles with their emojis; the rest stays) and redraws every message carrying it.
 */
export const editSelfRolePanelBody = z
  .object({
    name: createSelfRolePanelBody.shape.name.optional(),
    title: panelLook.title,
    description: panelLook.description,
    display: panelLook.display.optional(),
    roles: panelLook.roles.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: "give the name, title, description, display or roles to change",
    path: ["name"],
  });
export type EditSelfRolePanelBody = z.infer<typeof editSelfRolePanelBody>;

/** The edit's answer: the panel, what stops the bot giving a role yet, and the messages redrawn. */
export const selfRolePanelEdited = z.object({
  panel: selfRolePanelItem,
  warnings: z.array(z.string()),
  /** Messages carrying the panel that were redrawn (a deleted one is forgotten). */
  redrawn: z.number().int(),
});

/** `POST /api/selfroles/{serverId}/preview`: the panel message as the bot would post it. */
export const selfRolePreviewBody = z.object({
  title: z.string().trim().min(1, "must not be empty").max(selfRolePanelRules.titleMax),
  description: panelLook.description,
  display: panelLook.display,
  roles: z
    .array(panelRole)
    .max(selfRolePanelRules.maxRoles, `must hold at most ${selfRolePanelRules.maxRoles} roles`),
});
export type SelfRolePreviewBody = z.infer<typeof selfRolePreviewBody>;

export const selfRolePanelParams = serverIdParams.extend({
  panelId: z.coerce.number().int("must be a panel id").positive("must be a panel id").max(2_147_483_647),
});

/** `POST /api/selfroles/{serverId}/panels`' answer: the panel and what stops the bot giving a role yet. */
export const selfRolePanelPosted = z.object({
  panel: selfRolePanelItem,
  warnings: z.array(z.string()),
});

/** `POST /api/selfroles/{serverId}/whitelist`. */
export const selfRoleWhitelistBody = z.object({ roleId: snowflake });
export const selfRoleWhitelistParams = serverIdParams.extend({ roleId: snowflake });
export const selfRoleWhitelisted = z.object({ roleId: snowflake, warnings: z.array(z.string()) });
export const selfRoleUnlisted = z.object({
  roleId: snowflake,
  /** Panels the role was taken off. */
  panels: z.number().int(),
});
export const selfRolePanelDeleted = z.object({
  deleted: z.number().int(),
  /** Messages that carried the panel (posted ones deleted, bound ones without its components). */
  messages: z.number().int(),
});
