import type { AppContext } from "../../context.ts";
import * as inviteStore from "./store.ts";

export type { TrackingStatus } from "./store.ts";

/**
 * What an invite requirement needs (giveaways' min_invites): the member's count (members who joined
 * through their invites and are still here), and whether, and since when, invites are counted.
 */
export async function getInviteStanding(
  ctx: Pick<AppContext, "storage">,
  serverId: string,
  userId: string,
): Promise<{ invites: number; tracking: inviteStore.TrackingStatus | null }> {
  const db = ctx.storage.db;
  const [invites, tracking] = await Promise.all([
    inviteStore.getInvites(db, serverId, userId),
    inviteStore.getTracking(db, serverId),
  ]);
  return { invites, tracking };
}
