import type { PresenceStatus, SandboxIdentityKey } from "@hearth/core";
import type { RoleInfo } from "../discord/port/port.ts";
import { basePermissions, Permission } from "../discord/roles/permissions.ts";
import type { ViewedMember } from "../discord/sandbox/views.ts";

// Who the visitor can be. Chosen from the server as it is (not fixed ids), so the choice follows the
// server's roles: the owner, an administrator, a manager (Manage Server or Manage Roles without
// Administrator), a plain member (no permission beyond @everyone's) and the newest plain member.

const labels: Record<SandboxIdentityKey, string> = {
  owner: "Owner",
  admin: "Admin",
  manager: "Manager",
  member: "Member",
  newcomer: "New member",
};

export function identitiesOf(
  guild: { id: string; ownerId: string },
  roles: readonly RoleInfo[],
  members: readonly ViewedMember[],
): { key: SandboxIdentityKey; label: string; userId: string | null }[] {
  const everyone = roles.find((role) => role.id === guild.id) ?? null;
  const byId = new Map(roles.map((role) => [role.id, role]));
  const everyoneBits = basePermissions({ ownerId: guild.ownerId, everyone, memberRoles: [], userId: "" });
  const humans = members.filter((member) => !member.bot && member.id !== guild.ownerId);
  const bitsOf = (member: ViewedMember) =>
    basePermissions({
      ownerId: guild.ownerId,
      everyone,
      memberRoles: member.roleIds.flatMap((id) => byId.get(id) ?? []),
      userId: member.id,
    });
  const isAdmin = (member: ViewedMember) => (bitsOf(member) & Permission.Administrator) !== 0n;
  const manages = (member: ViewedMember) =>
    !isAdmin(member) && (bitsOf(member) & (Permission.ManageGuild | Permission.ManageRoles)) !== 0n;
  const plain = humans.filter((member) => bitsOf(member) === everyoneBits);
  // `members` are in joining order: the oldest plain member, and the newest.
  const chosen: Record<SandboxIdentityKey, string | null> = {
    owner: guild.ownerId,
    admin: humans.find(isAdmin)?.id ?? null,
    manager: humans.find(manages)?.id ?? null,
    member: plain[0]?.id ?? null,
    newcomer: plain.length > 1 ? (plain[plain.length - 1]?.id ?? null) : null,
  };
  return (Object.keys(labels) as SandboxIdentityKey[]).map((key) => ({
    key,
    label: labels[key],
    userId: chosen[key],
  }));
}

/**
 * Presence is gateway state Discord never stores: the playground remembers what it simulated, per
 * process. Everyone else shows offline, the bot online (it is running).
 */
export class Presences {
  private readonly known = new Map<string, { status: PresenceStatus; customStatus: string | null }>();

  get(userId: string) {
    return this.known.get(userId) ?? null;
  }

  set(userId: string, status: PresenceStatus, customStatus: string | null): void {
    this.known.set(userId, { status, customStatus });
  }

  clear(): void {
    this.known.clear();
  }
}
