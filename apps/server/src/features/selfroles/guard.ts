import type { OutgoingMessage, RoleInfo } from "../../discord/port/port.ts";
import { isServerAdmin, loadHierarchy } from "../../discord/roles/hierarchy.ts";
import { badRequest, forbidden, notFound } from "../../lib/errors.ts";
import { getSetup } from "../setup/service.ts";
import type { Deps } from "./access.ts";
import { refreshPanels } from "./panels.ts";
import * as roleStore from "./role-store.ts";
import { joinNames, refusedIn, selfRoleLimits } from "./rules.ts";
import * as store from "./store.ts";
import { dropRole, refusalFor } from "./whitelist.ts";

export const restorePrefix = "sr:restore:";
export const restoreButtonId = (serverId: string, roleId: string) => `${restorePrefix}${serverId}:${roleId}`;

/** Where a security notice went. */
export type NoticeTarget = { kind: "channel"; id: string } | { kind: "owner"; id: string } | null;

function noticeMessage(serverId: string, role: RoleInfo, reason: string, panels: number): OutgoingMessage {
  return {
    embeds: [
      {
        title: "🛡️ Self-role blacklisted",
        color: 0xef4444,
        description: `**@${role.name}** (<@&${role.id}>) ${reason}, so members could have given themselves that power. Hearth took it off the self-role whitelist${panels > 0 ? ` and off ${panels} panel${panels === 1 ? "" : "s"}` : ""}; nobody can pick it now.`,
        fields: [
          {
            name: "To restore it",
            value:
              "Remove the dangerous permission from the role (Server Settings → Roles), then press **Restore**. It goes back on the whitelist and on the panels it was taken from.",
          },
        ],
      },
    ],
    components: [
      [{ type: "button", style: "success", label: "Restore", customId: restoreButtonId(serverId, role.id) }],
    ],
    allowedMentions: { roles: [] },
  };
}

/** Posts the notice to the server's log channel (from /setup), or DMs the owner when there is none. */
async function notify(deps: Deps, serverId: string, message: OutgoingMessage): Promise<NoticeTarget> {
  const { logChannelId } = await getSetup(deps, serverId);
  if (logChannelId) {
    try {
      await deps.discord.sendMessage(logChannelId, message);
      return { kind: "channel", id: logChannelId };
    } catch (error) {
      deps.logger.warn(
        { err: error, serverId },
        "selfroles: could not post to the log channel; DMing the owner",
      );
    }
  }
  const guild = await deps.discord.getGuild(serverId);
  if (!guild) return null;
  try {
    await deps.discord.sendDirectMessage(guild.ownerId, message);
    return { kind: "owner", id: guild.ownerId };
  } catch (error) {
    deps.logger.warn(
      { err: error, serverId },
      "selfroles: could not tell the owner about a blacklisted role",
    );
    return null;
  }
}

/**
 * A whitelisted role that now carries Administrator, Manage Server or Manage Roles is blacklisted:
 * taken off every panel (posted panels are redrawn) and reported with a Restore button. Answers
 * whether it acted (false for a role that is not whitelisted or is still safe).
 */
export async function guardRole(deps: Deps, role: RoleInfo): Promise<{ notice: NoticeTarget } | null> {
  const serverId = role.guildId;
  const refused = refusedIn(role.permissions);
  if (refused.length === 0) return null;
  const entry = await roleStore.findRole(deps.storage.db, serverId, role.id);
  if (entry?.status !== "whitelisted") return null;
  const reason = `gained ${joinNames(refused.map((p) => p.name))}`;
  const panels = await deps.storage.db.transaction().execute(async (trx) => {
    const removed = await store.removeRoleFromPanels(trx, serverId, role.id);
    const flipped = await roleStore.blacklistRole(
      trx,
      serverId,
      role.id,
      { reason, removedFrom: removed },
      Date.now(),
    );
    return flipped ? removed : null;
  });
  if (panels === null) return null;
  await refreshPanels(
    deps,
    serverId,
    panels.map((p) => p.panelId),
  );
  const notice = await notify(deps, serverId, noticeMessage(serverId, role, reason, panels.length));
  return { notice };
}

/** Checks every whitelisted role of a server (a role changed while the bot was offline). */
export async function sweepServer(deps: Deps, serverId: string): Promise<number> {
  const listed = await roleStore.listRoles(deps.storage.db, serverId);
  if (!listed.some((entry) => entry.status === "whitelisted")) return 0;
  let blacklisted = 0;
  const roles = new Map((await deps.discord.listRoles(serverId)).map((role) => [role.id, role]));
  for (const entry of listed) {
    const role = roles.get(entry.roleId);
    if (!role) await forgetDeletedRole(deps, serverId, entry.roleId);
    else if (await guardRole(deps, role)) blacklisted++;
  }
  return blacklisted;
}

/** A deleted role leaves the whitelist, the blacklist and every panel. */
export async function forgetDeletedRole(deps: Deps, serverId: string, roleId: string): Promise<void> {
  await dropRole(deps, serverId, roleId);
}

/**
 * The Restore button: only an admin, and only once the role is safe again (checked live). The role
 * goes back on the whitelist and on the panels it was taken off that still exist and have room.
 */
export async function restoreRole(deps: Deps, serverId: string, roleId: string, actorId: string) {
  const hierarchy = await loadHierarchy(deps, serverId);
  const actor = await deps.discord.getMember(serverId, actorId);
  if (!actor || !isServerAdmin(hierarchy, serverId, { userId: actorId, roleIds: actor.roleIds })) {
    throw forbidden("Only members with Administrator or Manage Server can restore a self-role.");
  }
  const role = hierarchy.roles.get(roleId);
  if (!role) {
    await forgetDeletedRole(deps, serverId, roleId);
    throw notFound("That role was deleted, so there's nothing to restore.");
  }
  const entry = await roleStore.findRole(deps.storage.db, serverId, roleId);
  if (!entry)
    throw notFound(
      `**@${role.name}** isn't on the self-role lists any more; whitelist it again if you want it.`,
    );
  if (entry.status === "whitelisted") return { role, panels: [] as string[], already: true };
  const refusal = refusalFor(role);
  if (refusal) throw badRequest(`Not yet: ${refusal}`);
  const restoredTo: string[] = [];
  const lifted = await deps.storage.db.transaction().execute(async (trx) => {
    // Another admin's press may have restored it a moment ago: put it back on the panels only once.
    if (!(await roleStore.whitelistRole(trx, serverId, roleId, actorId, Date.now()))) return false;
    for (const { panelId, emoji } of entry.removedFrom) {
      const panel = await store.findPanel(trx, serverId, panelId);
      if (!panel) continue;
      if (await store.appendPanelRole(trx, serverId, panelId, { roleId, emoji }, selfRoleLimits.maxRoles)) {
        restoredTo.push(panel.name);
      }
    }
    return true;
  });
  if (!lifted) return { role, panels: [] as string[], already: true };
  await refreshPanels(
    deps,
    serverId,
    entry.removedFrom.map((p) => p.panelId),
  );
  return { role, panels: restoredTo, already: false };
}
