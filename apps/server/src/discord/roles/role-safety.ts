import { dangerousPermissionNames, type RoleRefusal, roleRefusalText } from "@hearth/core";
import { badRequest } from "../../lib/errors.ts";
import { forDisplay } from "../port/display-lookups.ts";
import type { DiscordPort, MemberInfo, RoleInfo } from "../port/port.ts";
import { Permission, toBits } from "./permissions.ts";

/**
 * The role-safety rule: the one place that decides whether Hearth may give or take a role
 * automatically or on someone's behalf (grinder roles, rewards, self-roles, components, perks,
 * vote and birthday roles…). A role is safe when it is a role of the server, not @everyone, not
 * managed by an integration, carries none of the dangerous permissions (`@hearth/core`'s list),
 * sits below the bot's highest role (with the bot holding Manage Roles) and, when a person acts,
 * below that person's highest role (the server owner excepted). Features check it when a role is
 * saved (a 400 naming the field) and again when they give it (skipped, logged and audited).
 */

type Deps = { discord: DiscordPort };

/** What the rule needs to know about a server: its roles, owner and the bot's own roles. */
export interface RoleScene {
  serverId: string;
  ownerId: string;
  roles: ReadonlyMap<string, RoleInfo>;
  botCanManageRoles: boolean;
  /** Position of the bot's highest role (0: none, or the bot is unknown). */
  botTop: number;
}

/** The person a role is given or taken for, when one acts (a hire, a save); null for automatic grants. */
export interface RoleActor {
  userId: string;
  roleIds: readonly string[];
}

export type RoleVerdict =
  | { safe: true; role: RoleInfo }
  | { safe: false; refusal: RoleRefusal; reason: string; role: RoleInfo | null };

function topPosition(roles: ReadonlyMap<string, RoleInfo>, roleIds: readonly string[]): number {
  return roleIds.reduce((top, id) => Math.max(top, roles.get(id)?.position ?? 0), 0);
}

/** Builds a scene from what the caller already read (the roles of the server, its owner, the bot member). */
export function roleScene(input: {
  serverId: string;
  ownerId: string;
  roles: readonly RoleInfo[];
  bot: Pick<MemberInfo, "roleIds"> | null;
}): RoleScene {
  const roles = new Map(input.roles.map((role) => [role.id, role]));
  const botRoleIds = input.bot?.roleIds ?? [];
  const botBits = [input.serverId, ...botRoleIds].reduce(
    (bits, id) => bits | toBits(roles.get(id)?.permissions),
    0n,
  );
  return {
    serverId: input.serverId,
    ownerId: input.ownerId,
    roles,
    botCanManageRoles:
      input.bot !== null && (botBits & (Permission.Administrator | Permission.ManageRoles)) !== 0n,
    botTop: input.bot ? topPosition(roles, botRoleIds) : 0,
  };
}

/**
 * Reads the scene through the Discord port. A lookup Discord fails counts as unknown (no bot
 * member, no owner), which refuses rather than risks a grant.
 */
export async function loadRoleScene(deps: Deps, serverId: string): Promise<RoleScene> {
  const [roles, guild, bot] = await Promise.all([
    deps.discord.listRoles(serverId),
    forDisplay(deps.discord.getGuild(serverId)),
    forDisplay(deps.discord.getBotMember(serverId)),
  ]);
  return roleScene({ serverId, ownerId: guild?.ownerId ?? "", roles, bot: bot ?? null });
}

/** The acting member's roles, or null when they aren't in the server (or Discord can't say). */
export async function loadActor(deps: Deps, serverId: string, userId: string): Promise<RoleActor | null> {
  const member = await forDisplay(deps.discord.getMember(serverId, userId));
  return member ? { userId, roleIds: member.roleIds } : null;
}

/** Whether the bot itself could give the role: it holds Manage Roles and sits above the role. */
export function botCanGive(scene: RoleScene, role: Pick<RoleInfo, "position" | "managed">): boolean {
  return scene.botCanManageRoles && !role.managed && role.position < scene.botTop;
}

function refuse(refusal: RoleRefusal, role: RoleInfo | null, dangerous: string[] = []): RoleVerdict {
  return { safe: false, refusal, reason: roleRefusalText(refusal, dangerous), role };
}

/**
 * Whether Hearth may give (or take) the role. `actor` is the person it is done for: undefined for
 * automatic grants; a person's hierarchy is checked unless they own the server. null (someone
 * Discord doesn't show as a member: a lookup that failed, the operator's CLI) skips the person's
 * part: the auth layer already refuses tokens of members who left.
 */
export function judgeRole(scene: RoleScene, roleId: string, actor?: RoleActor | null): RoleVerdict {
  if (roleId === scene.serverId) return refuse("everyone", scene.roles.get(roleId) ?? null);
  const role = scene.roles.get(roleId);
  if (!role) return refuse("missing", null);
  if (role.managed) return refuse("managed", role);
  const dangerous = dangerousPermissionNames(role.permissions);
  if (dangerous.length > 0) return refuse("dangerous", role, dangerous);
  if (actor && actor.userId !== scene.ownerId && role.position >= topPosition(scene.roles, actor.roleIds)) {
    return refuse("above-actor", role);
  }
  if (!scene.botCanManageRoles) return refuse("bot-cannot-manage-roles", role);
  if (role.position >= scene.botTop) return refuse("above-bot", role);
  return { safe: true, role };
}

/** `@Name: reason`, the way refusals name a role. */
export function describeRefusal(verdict: Extract<RoleVerdict, { safe: false }>, roleId: string): string {
  return `${verdict.role ? `@${verdict.role.name}` : `role ${roleId}`}: ${verdict.reason}`;
}

/**
 * At save time: every role must be safe, else a 400 naming the field (`field.index` for a list of
 * more than one) and the reason. `actorId` is the person saving (null: no person, e.g. the CLI).
 */
export async function requireSafeRoles(
  deps: Deps,
  serverId: string,
  roleIds: readonly string[],
  field: string,
  options: { actorId: string | null; scene?: RoleScene },
): Promise<RoleInfo[]> {
  if (roleIds.length === 0) return [];
  const scene = options.scene ?? (await loadRoleScene(deps, serverId));
  const actor = options.actorId ? await loadActor(deps, serverId, options.actorId) : undefined;
  return roleIds.map((roleId, index) => {
    const path = roleIds.length === 1 ? field : `${field}.${index}`;
    const verdict = judgeRole(scene, roleId, actor);
    if (!verdict.safe) throw badRequest(`${path}: ${describeRefusal(verdict, roleId)}`, path);
    return verdict.role;
  });
}

/** `requireSafeRoles` for one role. */
export async function requireSafeRole(
  deps: Deps,
  serverId: string,
  roleId: string,
  field: string,
  options: { actorId: string | null; scene?: RoleScene },
): Promise<RoleInfo> {
  const [role] = await requireSafeRoles(deps, serverId, [roleId], field, options);
  if (!role) throw badRequest(`${field}: no role given`, field);
  return role;
}
