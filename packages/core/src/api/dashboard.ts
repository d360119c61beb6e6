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
  /** The member the token was made for (the dashboard's forms default to them, e.g. a giveaway's host). */
  userId: snowflake.optional(),
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

/**
 * `GET /api/dashboard/channels` and `/roles` take an optional search and page: `query` (names
 * containing it, any case), `limit` and `cursor` (from `X-Next-Cursor`). Without `limit` the whole
 * (matching) list is answered, as before paging existed; `X-Total-Count` says how many match.
 */
export const nameSearchQuery = z.object({
  query: z.string().trim().max(100, "must be at most 100 characters").optional(),
  limit: z.coerce
    .number()
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(500, "must be at most 500")
    .optional(),
  cursor: z
    .string()
    .regex(/^\d{1,4}$/, "must be the X-Next-Cursor value of the previous page")
    .optional(),
});
export type NameSearchQuery = z.infer<typeof nameSearchQuery>;

/** A member as the pickers show one: avatar, display name and @username. */
export const dashboardMember = z.object({
  id: snowflake,
  username: z.string(),
  /** The server nickname, else the global display name, else the username. */
  displayName: z.string(),
  nick: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  bot: z.boolean(),
});
export type DashboardMember = z.infer<typeof dashboardMember>;

/** Default and largest page of `GET /api/dashboard/members`. */
export const memberPageSizes = { default: 25, max: 100 } as const;

/**
 * `GET /api/dashboard/members`: members whose username, display name or nickname contains `query`
 * (any case), a page at a time (`limit`, `cursor` from the previous answer's `nextCursor`); or, with
 * `ids`, those members (comma-separated, up to 100; for showing names of chosen ids).
 */
export const membersQuery = z.object({
  query: z.string().trim().max(100, "must be at most 100 characters").default(""),
  limit: z.coerce
    .number()
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(memberPageSizes.max, `must be at most ${memberPageSizes.max}`)
    .default(memberPageSizes.default),
  cursor: snowflake.optional(),
  ids: z
    .string()
    .regex(/^\d{17,20}(,\d{17,20}){0,99}$/, "must be up to 100 Discord ids separated by commas")
    .optional(),
});
export type MembersQuery = z.infer<typeof membersQuery>;

export const membersResponse = z.object({
  members: z.array(dashboardMember),
  /** Pass as `cursor` for the next page; null on the last. */
  nextCursor: snowflake.nullable(),
  /** Set when Discord could not be asked (the list is then empty or partial), to show beside it. */
  note: z.string().nullable(),
});
export type MembersResponse = z.infer<typeof membersResponse>;
