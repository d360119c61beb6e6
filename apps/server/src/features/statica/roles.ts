import type { StaticaServerRole } from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { botCanGive, judgeRole, loadRoleScene } from "../../discord/roles/role-safety.ts";

/**
 * Roles a reward can use: every role but @everyone and integration-managed ones, highest first,
 * each with the role-safety rule's verdict (`discord/roles/role-safety.ts`): rewards are given
 * automatically to anyone who sets a keyword in their status.
 */
export async function listRewardRoles(
  deps: Pick<AppContext, "discord">,
  serverId: string,
): Promise<StaticaServerRole[]> {
  const scene = await loadRoleScene(deps, serverId);
  return [...scene.roles.values()]
    .filter((role) => role.id !== serverId && !role.managed)
    .toSorted((a, b) => b.position - a.position)
    .map((role) => {
      const verdict = judgeRole(scene, role.id);
      return {
        id: role.id,
        name: role.name,
        color: role.color,
        position: role.position,
        assignable: botCanGive(scene, role),
        dangerous: !verdict.safe && verdict.refusal === "dangerous",
        unsafeReason: verdict.safe ? null : verdict.reason,
      };
    });
}
