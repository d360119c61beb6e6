import { z } from "zod";
import { snowflake } from "./common.ts";
import { type PermissionLevel, permissionLevel } from "./dashboard.ts";

/*
 * What each dashboard permission level may do. The API enforces it per route (each route declares the
 * level it needs; see apps/server/src/http/auth-plugin.ts) and the dashboard hides what a level can't do.
 *
 * - owner: everything, including token management and the data purge.
 * - admin: everything but token management and the purge.
 * - manager: the spec's Manager Role, and nothing else: reading the dashboard (statistics), anti-pool
 *   management (the anti-pool part of the settings) and basic role assignment (hiring, removing and
 *   putting grinders on break, which gives and takes their grinder roles).
 */

const rank: Record<PermissionLevel, number> = { owner: 3, admin: 2, manager: 1 };

/** Whether a token of `level` may do what needs `required`. */
export function hasPermission(level: PermissionLevel, required: PermissionLevel): boolean {
  return rank[level] >= rank[required];
}

/** The level a route needs when it declares none: reads are open to managers, writes need admin. */
export function defaultPermission(method: string): PermissionLevel {
  return method === "GET" || method === "HEAD" ? "manager" : "admin";
}

/** The rights of a manager token beyond reading, in the words the docs and the 403 answers use. */
export const managerRights = [
  "anti-pool management",
  "basic role assignment (hire, remove and put grinders on break)",
  "viewing statistics",
] as const;

/** The settings a manager may change (`PUT /api/settings/edit`): the anti-pool ones only. */
export const managerSettingsKeys = ["antiPoolShow"] as const;

/** The message of a 403 refused for lack of permission: names the level needed and the token's. */
export function permissionRefusal(level: PermissionLevel, required: PermissionLevel, what: string): string {
  return `${what} needs the ${required} permission; this dashboard token has ${level}`;
}

/** One dashboard token of the server, as the owner's token panel lists it (never the token itself). */
export const dashboardTokenRecord = z.object({
  id: z.string(),
  userId: snowflake,
  userName: z.string(),
  permission: permissionLevel,
  createdAt: z.number().int(),
  lastUsedAt: z.number().int().nullable(),
  revokedAt: z.number().int().nullable(),
  revokedReason: z.string().nullable(),
  /** Whether this is the token the request was made with. */
  current: z.boolean(),
});
export type DashboardTokenRecord = z.infer<typeof dashboardTokenRecord>;

/** `GET /api/dashboard/tokens` (owner): live tokens first, then the revoked ones, newest first. */
export const dashboardTokensResponse = z.array(dashboardTokenRecord);

/** `DELETE /api/dashboard/tokens/{tokenId}`. */
export const tokenIdParams = z.object({ tokenId: z.string().regex(/^[0-9a-f]{12}$/, "must be a token id") });
