import type { Transaction } from "kysely";
import type { Storage } from "../../db/database.ts";
import { GroupCommit } from "../../db/group-commit.ts";
import type { Database } from "../../db/schema.ts";
import { conflict, notFound } from "../../lib/errors.ts";
import * as entryStore from "./entry-store.ts";
import * as store from "./store.ts";

/**
 * Group commit of giveaway entries (see GroupCommit). An announcement in a large server brings a
 * burst of Enter presses; one transaction per press spends most of its time beginning and
 * committing (and, on SQLite, waiting for the one connection). The presses arriving together are
 * written in one transaction: one lock of each giveaway, one multi-row insert.
 *
 * A press is answered only after its entry has committed, so a confirmed entry is a stored one.
 * Inside the transaction each giveaway is read again under a shared row lock (PostgreSQL), so an
 * entry is either in the draw or refused, never stored after the end.
 */

/** `filled`: stored, and it was the last entry a giveaway with `maxEntries` takes (it ends now). */
export type EntryOutcome = "stored" | "filled" | "duplicate";

interface Press {
  serverId: string;
  messageId: string;
  entry: entryStore.Entry;
  /**
   * The giveaway takes at most so many entries (read before the press; it never changes): its row
   * is then locked for update, so concurrent batches count one after the other.
   */
  capped: boolean;
  /** Called in the transaction that stored the last entry a capped giveaway takes (schedules its end). */
  onFilled?: (trx: Transaction<Database>) => Promise<void>;
}

const entries = new GroupCommit<Press, EntryOutcome>(writeTogether, {
  // 6 parameters an entry: well under either database's limit.
  maxBatch: 1000,
  // PostgreSQL: a batch's shared lock of the giveaway doesn't hold the others back, and a member in
  // two of them is stored once (the later insert waits for the earlier commit, then skips the row).
  writers: (storage) => (storage.dialect === "postgres" ? 4 : 1),
});

/** Stores an entry with others arriving at the same time; resolves once it is committed. */
export function submitEntry(
  storage: Storage,
  serverId: string,
  messageId: string,
  entry: entryStore.Entry,
  cap: { capped: boolean; onFilled?: (trx: Transaction<Database>) => Promise<void> } = { capped: false },
): Promise<EntryOutcome> {
  return entries.submit(storage, { serverId, messageId, entry, ...cap });
}

const full = (max: number) =>
  conflict(`This giveaway is full: it took its ${max} ${max === 1 ? "entry" : "entries"} and is ending now.`);

/**
 * Stores the first presses of a group in order, as many as the giveaway still takes (all when it
 * has no cap); answers who was stored and whether the cap was reached.
 */
async function storeWithinCap(
  trx: Transaction<Database>,
  giveaway: store.Giveaway,
  candidates: entryStore.Entry[],
): Promise<{ stored: Set<string>; tried: Set<string>; filled: boolean }> {
  const max = giveaway.endAfterEntries;
  const tried = new Set(candidates.map((entry) => entry.userId));
  if (max === null) {
    return { stored: await entryStore.insertEntries(trx, giveaway.id, candidates), tried, filled: false };
  }
  tried.clear();
  let count = await entryStore.countEntries(trx, giveaway.id);
  const stored = new Set<string>();
  let rest = candidates;
  // A candidate who had entered already takes no room: fill again until full or no one is left.
  while (count < max && rest.length > 0) {
    const take = rest.slice(0, max - count);
    rest = rest.slice(take.length);
    for (const entry of take) tried.add(entry.userId);
    for (const userId of await entryStore.insertEntries(trx, giveaway.id, take)) {
      stored.add(userId);
      count++;
    }
  }
  return { stored, tried, filled: stored.size > 0 && count >= max };
}

async function writeTogether(storage: Storage, batch: Press[]): Promise<(EntryOutcome | Error)[]> {
  const { db, dialect } = storage;
  const byGiveaway = new Map<string, number[]>();
  batch.forEach((press, index) => {
    const key = `${press.serverId}:${press.messageId}`;
    const group = byGiveaway.get(key);
    if (group) group.push(index);
    else byGiveaway.set(key, [index]);
  });
  const outcomes: (EntryOutcome | Error)[] = batch.map(() => "duplicate");
  await db.transaction().execute(async (trx) => {
    for (const group of byGiveaway.values()) {
      const first = batch[group[0] as number] as Press;
      const capped = group.some((index) => (batch[index] as Press).capped);
      const current = await store.findGiveaway(trx, first.serverId, first.messageId, {
        dialect,
        lock: capped ? "update" : "share",
      });
      const isFull =
        current?.endAfterEntries != null &&
        (await entryStore.countEntries(trx, current.id)) >= current.endAfterEntries;
      if (current?.status !== "active" || isFull) {
        const refusal = !current
          ? notFound("This giveaway doesn't exist any more.")
          : isFull && current.endAfterEntries !== null
            ? full(current.endAfterEntries)
            : conflict("This giveaway has ended.");
        for (const index of group) outcomes[index] = refusal;
        continue;
      }
      // The same member twice in one batch (a double press): the first one is the entry, the
      // others stay "duplicate".
      const firstPress = new Map<string, number>();
      for (const index of group) {
        const userId = (batch[index] as Press).entry.userId;
        if (!firstPress.has(userId)) firstPress.set(userId, index);
      }
      const { stored, tried, filled } = await storeWithinCap(
        trx,
        current,
        [...firstPress.values()].map((index) => (batch[index] as Press).entry),
      );
      let last: number | undefined;
      for (const [userId, index] of firstPress) {
        if (stored.has(userId)) {
          outcomes[index] = "stored";
          last = index;
        } else if (!tried.has(userId)) {
          // Not stored because the giveaway filled up (not because they had entered).
          outcomes[index] = full(current.endAfterEntries as number);
        }
      }
      if (filled && last !== undefined) {
        outcomes[last] = "filled";
        const onFilled = group.map((index) => (batch[index] as Press).onFilled).find(Boolean);
        await onFilled?.(trx);
      }
    }
  });
  return outcomes;
}
