import { hasPermission, type PermissionLevel } from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { isDiscordFailure } from "../../discord/port/display-lookups.ts";
import { basePermissions, Permission } from "../../discord/roles/permissions.ts";
import { registerCache } from "../../lib/cache-registry.ts";
import type { MaybePromise } from "../../lib/maybe-promise.ts";
import { TtlCache } from "../../lib/ttl-cache.ts";
import { getSetup } from "../setup/service.ts";

/**
 * A token's level follows Discord: on every use, an owner token needs its holder to own the server
 * now, an admin token Administrator or Manage Server now, a manager token the manager role now.
 * What the holder is today is read from Discord and kept briefly per member (the auth hook's hot
 * path answers from memory), and dropped at once on the gateway events that change it.
 */

type Deps = Pick<AppContext, "storage" | "discord">;

/** What a member may hold today; null: nothing (not the owner, no admin permission, no manager role). */
export type Standing = PermissionLevel | null;

/** How long a member's standing is trusted without asking Discord again. */
export const standingTtlMs = 15_000;
/** When Discord can't say (an outage), the token keeps its level, re-asked soon. */
const unknownTtlMs = 3_000;

interface Held {
  /** undefined: Discord couldn't tell. */
  standing: Standing | undefined;
}

const standings = new TtlCache<string, Held>(standingTtlMs);
registerCache("dashboard token standings", { size: () => standings.size, clear: () => standings.clear() });

const keyOf = (serverId: string, userId: string) => `${serverId}:${userId}`;

/** What the member is on the server now, from Discord (undefined when Discord can't tell). */
async function readStanding(deps: Deps, serverId: string, userId: string): Promise<Standing | undefined> {
  try {
    const guild = await deps.discord.getGuild(serverId);
    // A server the bot is not in (left, kicked, not yet added back) shows nobody's standing: the
    // token keeps its level, and the routes answer that the bot is no longer there.
    if (!guild) return undefined;
    if (guild.ownerId === userId) return "owner";
    const [member, roles] = await Promise.all([
      deps.discord.getMember(serverId, userId),
      deps.discord.listRoles(serverId),
    ]);
    if (!member) return null;
    const byId = new Map(roles.map((role) => [role.id, role]));
    const bits = basePermissions({
      ownerId: guild.ownerId,
      everyone: byId.get(serverId) ?? null,
      memberRoles: member.roleIds.flatMap((id) => byId.get(id) ?? []),
      userId,
    });
    if ((bits & (Permission.Administrator | Permission.ManageGuild)) !== 0n) return "admin";
    const { managerRoleId } = await getSetup(deps, serverId);
    return managerRoleId && member.roleIds.includes(managerRoleId) ? "manager" : null;
  } catch (error) {
    if (isDiscordFailure(error)) return undefined;
    throw error;
  }
}

/**
 * The member's standing, from memory when it was read in the last 15 s (no promise: the auth
 * hook's hot path), else from Discord. undefined when Discord can't tell.
 */
export function standingOf(deps: Deps, serverId: string, userId: string): MaybePromise<Standing | undefined> {
  const key = keyOf(serverId, userId);
  const held = standings.get(key);
  if (held) return held.standing;
  const readAt = Date.now();
  return readStanding(deps, serverId, userId).then((standing) => {
    // A failed read is kept only briefly, so the real answer comes soon after Discord recovers.
    standings.set(
      key,
      { standing },
      standing === undefined ? readAt - (standingTtlMs - unknownTtlMs) : readAt,
    );
    return standing;
  });
}

/** The level a token may use now: its own, lowered to what its holder is today (null: none). */
export function effectiveLevel(
  stored: PermissionLevel,
  standing: Standing | undefined,
): PermissionLevel | null {
  if (standing === undefined) return stored;
  if (standing === null) return null;
  return hasPermission(standing, stored) ? stored : standing;
}

/** Forgets what is known of members' standing on a server (one member, or all of them). */
export function forgetStanding(serverId: string, userId?: string): void {
  if (userId) standings.delete(keyOf(serverId, userId));
  else standings.deleteWhere((_, key) => key.startsWith(`${serverId}:`));
}
