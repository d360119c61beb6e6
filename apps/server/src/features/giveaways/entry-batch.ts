import type { Storage } from "../../db/database.ts";
import { GroupCommit } from "../../db/group-commit.ts";
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

export type EntryOutcome = "stored" | "duplicate";

interface Press {
  serverId: string;
  messageId: string;
  entry: entryStore.Entry;
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
): Promise<EntryOutcome> {
  return entries.submit(storage, { serverId, messageId, entry });
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
      const current = await store.findGiveaway(trx, first.serverId, first.messageId, {
        dialect,
        lock: "share",
      });
      if (current?.status !== "active") {
        const refusal = current
          ? conflict("This giveaway has ended.")
          : notFound("This giveaway doesn't exist any more.");
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
      const stored = await entryStore.insertEntries(
        trx,
        current.id,
        [...firstPress.values()].map((index) => (batch[index] as Press).entry),
      );
      for (const [userId, index] of firstPress) if (stored.has(userId)) outcomes[index] = "stored";
    }
  });
  return outcomes;
}
