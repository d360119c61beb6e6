import type { Storage } from "../../db/database.ts";
import { conflict, notFound } from "../../lib/errors.ts";
import * as entryStore from "./entry-store.ts";
import * as store from "./store.ts";

/**
 * Group commit of giveaway entries. An announcement in a large server brings a burst of Enter
 * presses; one transaction per press spends most of its time beginning and committing (and, on
 * SQLite, waiting for the one connection). Entries that arrive while a transaction is being written
 * wait for it and go into the next one together: one transaction, one lock of each giveaway, one
 * multi-row insert. Nothing waits for a timer: a lone press is written at once, alone.
 *
 * A press is answered only after the transaction holding its entry has committed, so a confirmed
 * entry is a stored one. Inside the transaction each giveaway is read again under a shared row lock
 * (PostgreSQL), so an entry is either in the draw or refused, never stored after the end. When a
 * batch fails as a whole, each of its entries is written again on its own, so one entry's failure
 * is never another's.
 */

/** Entries in one transaction at most (6 parameters each: well under either database's limit). */
export const maxBatch = 1000;

/**
 * Transactions written at once: SQLite has one connection; PostgreSQL takes several, and a batch's
 * shared lock of the giveaway doesn't hold the others back (a member in two of them is stored once:
 * the later insert waits for the earlier commit, then skips the row).
 */
const writersFor = (storage: Storage) => (storage.dialect === "postgres" ? 4 : 1);

export type EntryOutcome = "stored" | "duplicate";

interface Pending {
  serverId: string;
  messageId: string;
  entry: entryStore.Entry;
  resolve: (outcome: EntryOutcome) => void;
  reject: (error: unknown) => void;
}

interface Queue {
  waiting: Pending[];
  writers: number;
}

const queues = new WeakMap<Storage, Queue>();

/** Stores an entry with others arriving at the same time; resolves once it is committed. */
export function submitEntry(
  storage: Storage,
  serverId: string,
  messageId: string,
  entry: entryStore.Entry,
): Promise<EntryOutcome> {
  let queue = queues.get(storage);
  if (!queue) {
    queue = { waiting: [], writers: 0 };
    queues.set(storage, queue);
  }
  const waiting = queue.waiting;
  const promise = new Promise<EntryOutcome>((resolve, reject) => {
    waiting.push({ serverId, messageId, entry, resolve, reject });
  });
  if (queue.writers < writersFor(storage)) void drain(storage, queue);
  return promise;
}

async function drain(storage: Storage, queue: Queue): Promise<void> {
  queue.writers++;
  try {
    while (queue.waiting.length > 0) {
      const batch = queue.waiting.splice(0, maxBatch);
      await writeBatch(storage, batch);
    }
  } finally {
    queue.writers--;
  }
}

async function writeBatch(storage: Storage, batch: Pending[]): Promise<void> {
  let outcomes: Map<Pending, EntryOutcome | Error>;
  try {
    outcomes = await writeTogether(storage, batch);
  } catch (error) {
    if (batch.length === 1) {
      batch[0]?.reject(error);
      return;
    }
    // One entry (or the database) failed the whole transaction: each again on its own.
    for (const pending of batch) await writeBatch(storage, [pending]);
    return;
  }
  for (const pending of batch) {
    const outcome = outcomes.get(pending);
    if (outcome instanceof Error) pending.reject(outcome);
    else pending.resolve(outcome ?? "duplicate");
  }
}

async function writeTogether(
  storage: Storage,
  batch: Pending[],
): Promise<Map<Pending, EntryOutcome | Error>> {
  const { db, dialect } = storage;
  const byGiveaway = new Map<string, Pending[]>();
  for (const pending of batch) {
    const key = `${pending.serverId}:${pending.messageId}`;
    const group = byGiveaway.get(key);
    if (group) group.push(pending);
    else byGiveaway.set(key, [pending]);
  }
  const outcomes = new Map<Pending, EntryOutcome | Error>();
  await db.transaction().execute(async (trx) => {
    for (const group of byGiveaway.values()) {
      const first = group[0] as Pending;
      const current = await store.findGiveaway(trx, first.serverId, first.messageId, {
        dialect,
        lock: "share",
      });
      if (current?.status !== "active") {
        const refusal = current
          ? conflict("This giveaway has ended.")
          : notFound("This giveaway doesn't exist any more.");
        for (const pending of group) outcomes.set(pending, refusal);
        continue;
      }
      // The same member twice in one batch (a double press): the first one is the entry.
      const firstPress = new Map<string, Pending>();
      for (const pending of group) {
        if (firstPress.has(pending.entry.userId)) outcomes.set(pending, "duplicate");
        else firstPress.set(pending.entry.userId, pending);
      }
      const stored = await entryStore.insertEntries(
        trx,
        current.id,
        [...firstPress.values()].map((pending) => pending.entry),
      );
      for (const [userId, pending] of firstPress)
        outcomes.set(pending, stored.has(userId) ? "stored" : "duplicate");
    }
  });
  return outcomes;
}
