import type { Storage } from "../../db/database.ts";
import { type Refusal, refusalsOf } from "./entrant-store.ts";

/**
 * The block and removal check of each Enter press, read once for the presses arriving together (in
 * one turn of the event loop) on one giveaway: an announcement's burst asks two queries per turn
 * instead of two per press. (20,000 presses at once otherwise queue 40,000 reads for a pool of ten
 * PostgreSQL connections, and most of them time out waiting.) Each press gets its own answer, read
 * after it asked, as a read of its own would have been.
 */

interface Waiting {
  resolve: (refusal: Refusal | null) => void;
  reject: (error: unknown) => void;
}

interface Group {
  serverId: string;
  giveawayId: number;
  now: number;
  members: Map<string, Waiting[]>;
}

const gathering = new WeakMap<Storage, Map<string, Group>>();

/** Why this member may not enter this giveaway (blocked, or removed by a manager); null when nothing stops them. */
export function refusalOfPress(
  storage: Storage,
  serverId: string,
  giveawayId: number,
  userId: string,
  now: number,
): Promise<Refusal | null> {
  let groups = gathering.get(storage);
  if (!groups) {
    groups = new Map();
    gathering.set(storage, groups);
  }
  const key = `${serverId}:${giveawayId}`;
  let group = groups.get(key);
  if (!group) {
    const started: Group = { serverId, giveawayId, now, members: new Map() };
    const open = groups;
    open.set(key, started);
    setImmediate(() => {
      open.delete(key);
      void answer(storage, started);
    });
    group = started;
  }
  const members = group.members;
  return new Promise((resolve, reject) => {
    const waiting = members.get(userId);
    if (waiting) waiting.push({ resolve, reject });
    else members.set(userId, [{ resolve, reject }]);
  });
}

async function answer(storage: Storage, group: Group): Promise<void> {
  try {
    const refusals = await refusalsOf(
      storage.db,
      group.serverId,
      group.giveawayId,
      [...group.members.keys()],
      group.now,
    );
    for (const [userId, waiting] of group.members) {
      for (const press of waiting) press.resolve(refusals.get(userId) ?? null);
    }
  } catch (error) {
    for (const waiting of group.members.values()) for (const press of waiting) press.reject(error);
  }
}
