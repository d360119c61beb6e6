import type { AuditEntryView, AuditPage, AuditQuery } from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { displayName } from "../../discord/people/display-name.ts";
import { type AuditEntry, auditFacets, pageAudit, pageAuditOfSubject } from "./store.ts";

/**
 * The audit log's public face. Writes take the caller's transaction (`db` may be a Transaction), so
 * an action and its audit entry commit together; features never reach the store directly.
 */
export { giveRoleSafely, recordRoleRefusal } from "./role-grants.ts";
export {
  type AuditActor,
  type AuditEntry,
  hasTokenEntrySince,
  lastEntryAt,
  listAudit,
  recordAudit,
} from "./store.ts";

/** A member's name for the viewer, or null when Discord can't say (left, or the lookup failed). */
async function memberName(deps: Pick<AppContext, "discord">, serverId: string, userId: string) {
  try {
    const member = await deps.discord.getMember(serverId, userId);
    if (member) return displayName(member.user, member.nick);
    const user = await deps.discord.getUser(userId);
    return user ? displayName(user) : null;
  } catch {
    return null;
  }
}

/** The member ids a summary names under a user-ish key (`userId`, `poolManagerId`…), for the viewer. */
function idsIn(summary: Record<string, unknown>): string[] {
  return Object.entries(summary).flatMap(([key, value]) =>
    /(user|member|manager|by|winner|voter)(Id)?s?$/i.test(key) &&
    typeof value === "string" &&
    /^\d{17,20}$/.test(value)
      ? [value]
      : [],
  );
}

/** Names for a set of ids, each looked up once; a failed lookup leaves that one name null. */
export async function namesOf(deps: Pick<AppContext, "discord">, serverId: string, ids: Iterable<string>) {
  const unique = [...new Set(ids)].slice(0, 200);
  const names = await Promise.all(unique.map((id) => memberName(deps, serverId, id)));
  return new Map(unique.map((id, index) => [id, names[index] ?? null]));
}

function viewOf(entry: AuditEntry, names: Map<string, string | null>): AuditEntryView {
  return {
    id: entry.id,
    action: entry.action,
    feature: entry.feature,
    summary: entry.summary,
    createdAt: entry.createdAt,
    actor: entry.actorUserId ? { id: entry.actorUserId, name: names.get(entry.actorUserId) ?? null } : null,
    via: entry.tokenId ? "dashboard" : entry.actorUserId ? "discord" : "system",
    address: entry.address,
  };
}

/** The dashboard's audit log viewer: one page, newest first, with what its filters offer. */
export async function auditLogPage(
  deps: Pick<AppContext, "storage" | "discord">,
  serverId: string,
  query: AuditQuery,
): Promise<AuditPage> {
  const db = deps.storage.db;
  const [{ entries, total }, facets] = await Promise.all([
    pageAudit(
      db,
      serverId,
      { feature: query.feature, actorUserId: query.member },
      { offset: (query.page - 1) * query.pageSize, limit: query.pageSize },
    ),
    auditFacets(db, serverId),
  ]);
  const mentioned = entries.flatMap((entry) => idsIn(entry.summary));
  const names = await namesOf(deps, serverId, [
    ...facets.actorUserIds,
    ...entries.flatMap((entry) => (entry.actorUserId ? [entry.actorUserId] : [])),
    ...mentioned,
  ]);
  return {
    entries: entries.map((entry) => viewOf(entry, names)),
    total,
    page: query.page,
    pageSize: query.pageSize,
    features: facets.features,
    members: facets.actorUserIds
      .map((id) => ({ id, name: names.get(id) ?? null }))
      .sort((a, b) => (a.name ?? a.id).localeCompare(b.name ?? b.id)),
    names: Object.fromEntries(
      mentioned.flatMap((id) => {
        const name = names.get(id);
        return name ? [[id, name]] : [];
      }),
    ),
  };
}

/** Entries about one record (a grinder's breaks): newest first, paged. */
export function auditOfSubject(
  deps: Pick<AppContext, "storage">,
  serverId: string,
  actions: readonly string[],
  subjectId: string,
  page: { offset: number; limit: number },
) {
  return pageAuditOfSubject(deps.storage.db, serverId, actions, subjectId, page);
}
