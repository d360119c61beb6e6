import type { AppContext } from "../../context.ts";
import {
  describeRefusal,
  judgeRole,
  loadRoleScene,
  type RoleActor,
  type RoleScene,
  type RoleVerdict,
} from "../../discord/roles/role-safety.ts";
import { registerCache } from "../../lib/cache-registry.ts";
import { TtlCache } from "../../lib/ttl-cache.ts";
import { type AuditActor, recordAudit } from "./store.ts";

type Deps = Pick<AppContext, "storage" | "discord" | "logger">;

const systemActor: AuditActor = { tokenId: null, userId: null };

/**
 * Automatic grants retry on every event (a presence update, a vote): one audit entry per server,
 * feature, role and reason an hour is enough to tell the admins, and keeps the log readable.
 */
const recentRefusals = new TtlCache<string, true>(60 * 60_000);
registerCache("refused role grants", {
  size: () => recentRefusals.size,
  clear: () => recentRefusals.clear(),
});

/**
 * Records that a role was not given because the role-safety rule refused it (a configuration saved
 * before the rule, or a role that gained a dangerous permission since): a warning in the log and
 * an audit entry `<feature>.role.refused`, so the refusal is never silent.
 */
export async function recordRoleRefusal(
  deps: Deps,
  serverId: string,
  input: {
    feature: string;
    roleId: string;
    userId: string;
    verdict: Extract<RoleVerdict, { safe: false }>;
    actor?: AuditActor;
  },
): Promise<void> {
  const { verdict } = input;
  const summary = {
    roleId: input.roleId,
    roleName: verdict.role?.name ?? null,
    userId: input.userId,
    refusal: verdict.refusal,
    reason: describeRefusal(verdict, input.roleId),
  };
  // A person's action is audited every time; automatic grants once an hour per role and reason.
  const automatic = !input.actor?.userId && !input.actor?.tokenId;
  const key = `${serverId}:${input.feature}:${input.roleId}:${verdict.refusal}`;
  if (automatic && recentRefusals.get(key)) {
    deps.logger.debug({ serverId, ...summary }, "role not given: the role-safety rule refused it (again)");
    return;
  }
  if (automatic) recentRefusals.set(key, true);
  deps.logger.warn({ serverId, ...summary }, "role not given: the role-safety rule refused it");
  try {
    await recordAudit(
      deps.storage.db,
      serverId,
      input.actor ?? systemActor,
      `${input.feature}.role.refused`,
      summary,
    );
  } catch (error) {
    deps.logger.error({ err: error, serverId }, "could not audit a refused role");
  }
}

/**
 * Gives a role only when the role-safety rule allows it at this moment; otherwise records the
 * refusal (log and audit) and gives nothing. Answers the verdict. Discord's own errors while
 * giving are the caller's to handle, as with `addMemberRole`.
 */
export async function giveRoleSafely(
  deps: Deps,
  serverId: string,
  input: {
    feature: string;
    userId: string;
    roleId: string;
    reason: string;
    /** The person the role is given on behalf of; omitted for automatic grants. */
    roleActor?: RoleActor | null;
    actor?: AuditActor;
    scene?: RoleScene;
  },
): Promise<RoleVerdict> {
  const scene = input.scene ?? (await loadRoleScene(deps, serverId));
  const verdict = judgeRole(scene, input.roleId, input.roleActor);
  if (!verdict.safe) {
    await recordRoleRefusal(deps, serverId, { ...input, verdict });
    return verdict;
  }
  await deps.discord.addMemberRole(serverId, input.userId, input.roleId, input.reason);
  return verdict;
}
