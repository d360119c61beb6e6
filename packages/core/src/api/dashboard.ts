import { z } from "zod";
import { snowflake } from "./common.ts";

/** Permission levels a dashboard token can carry, from most to least powerful. */
export const permissionLevels = ["owner", "admin", "manager"] as const;
export const permissionLevel = z.enum(permissionLevels);
export type PermissionLevel = z.infer<typeof permissionLevel>;

/** `GET /api/dashboard/token-info`. */
export const tokenInfoResponse = z.object({
  serverId: snowflake,
  serverName: z.string(),
  serverIcon: z.string().nullable(),
  permission: permissionLevel,
  userName: z.string(),
});
export type TokenInfo = z.infer<typeof tokenInfoResponse>;

/** `POST /api/dashboard/access`: the optional context the dashboard sends when it opens. */
export const accessBody = z
  .object({
    path: z.string().max(200).optional(),
  })
  .nullish();

/** `GET /api/dashboard/server`. */
export const serverInfoResponse = z.object({
  id: snowflake,
  name: z.string(),
  icon: z.string().nullable(),
  memberCount: z.number().int().nonnegative(),
  owner: z.object({ id: snowflake, tag: z.string() }),
});
export type ServerInfo = z.infer<typeof serverInfoResponse>;

/** Discord channel types the product deals with. 0 is a text channel. */
export const channelTypes = {
  text: 0,
  voice: 2,
  category: 4,
  announcement: 5,
  stage: 13,
  forum: 15,
} as const;

export const channel = z.object({
  id: snowflake,
  name: z.string(),
  type: z.number().int(),
  parentId: snowflake.nullable(),
  parentName: z.string().nullable(),
  position: z.number().int(),
});
export type Channel = z.infer<typeof channel>;

/** `GET /api/dashboard/channels`: every channel, ordered as Discord shows them. */
export const channelsResponse = z.array(channel);

export const role = z.object({
  id: snowflake,
  name: z.string(),
  color: z.number().int().nonnegative(),
  position: z.number().int(),
  managed: z.boolean(),
  /**
   * Why Hearth won't give or take this role automatically or on the token holder's behalf (the
   * role-safety rule: @everyone, managed, a dangerous permission, above the bot's or the holder's
   * highest role), or null when it may. Pickers show such roles disabled with this reason.
   */
  unsafeReason: z.string().nullable(),
});
export type Role = z.infer<typeof role>;

/** `GET /api/dashboard/roles`: every role but @everyone, highest first. */
export const rolesResponse = z.array(role);
