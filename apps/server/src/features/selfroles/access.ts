import type { AppContext } from "../../context.ts";
import type { RoleInfo } from "../../discord/port/port.ts";
import type { Hierarchy } from "../../discord/roles/hierarchy.ts";
import { badRequest } from "../../lib/errors.ts";

export type Deps = Pick<AppContext, "storage" | "discord" | "logger" | "jobs">;

/** A role of the server that can be a self-role at all: not @everyone, not managed by an integration. */
export function requireAssignable(hierarchy: Hierarchy, serverId: string, roleId: string): RoleInfo {
  const role = hierarchy.roles.get(roleId);
  if (!role) throw badRequest(`There's no role with ID ${roleId} in this server.`, "role");
  if (role.id === serverId)
    throw badRequest("@everyone can't be a self-role: every member has it already.", "role");
  if (role.managed) {
    throw badRequest(
      `**@${role.name}** is managed by an integration (a bot, boosts or a subscription): Discord gives it, not members.`,
      "role",
    );
  }
  return role;
}
