import type { Storage } from "./database.ts";

/**
 * Group commit: writes that arrive while a transaction is being written wait for it and go into the
 * next one together, so a burst pays for one BEGIN/COMMIT (one WAL append, one fsync) per batch
 * instead of one per write. Nothing waits for a timer: a lone write waits one turn of the event
 * loop (setImmediate), then is written alone.
 *
 * Each caller is answered only after the transaction holding its write has committed. When a batch
 * fails as a whole (one write broke a constraint, a deadlock), each of its writes is tried again in
 * a batch of its own, so one write's failure is never another's.
 *
 * `write` runs one batch in one transaction and answers one outcome per item, in order (an Error as
 * an outcome refuses that item alone, without failing the batch).
 */
export class GroupCommit<Item, Outcome> {
  readonly #queues = new WeakMap<Storage, { waiting: Pending<Item, Outcome>[]; writers: number }>();

  constructor(
    private readonly write: (storage: Storage, items: Item[]) => Promise<(Outcome | Error)[]>,
    private readonly options: {
      /** Items in one transaction at most. */
      maxBatch: number;
      /** Batches written at once: 1 on SQLite (one connection); PostgreSQL takes a few. */
      writers: (storage: Storage) => number;
    },
  ) {}

  /** Writes `item` with the others arriving at the same time; resolves once it is committed. */
  submit(storage: Storage, item: Item): Promise<Outcome> {
    let queue = this.#queues.get(storage);
    if (!queue) {
      queue = { waiting: [], writers: 0 };
      this.#queues.set(storage, queue);
    }
    const waiting = queue.waiting;
    const promise = new Promise<Outcome>((resolve, reject) => waiting.push({ item, resolve, reject }));
    if (queue.writers < this.options.writers(storage)) void this.#drain(storage, queue);
    return promise;
  }

  async #drain(storage: Storage, queue: { waiting: Pending<Item, Outcome>[]; writers: number }) {
    queue.writers++;
    try {
      // One turn of the event loop first: the requests read in this turn (an HTTP server reads
      // several per turn under load) join this batch instead of each starting its own.
      await new Promise((resolve) => setImmediate(resolve));
      while (queue.waiting.length > 0)
        await this.#writeBatch(storage, queue.waiting.splice(0, this.options.maxBatch));
    } finally {
      queue.writers--;
    }
  }

  async #writeBatch(storage: Storage, batch: Pending<Item, Outcome>[]): Promise<void> {
    let outcomes: (Outcome | Error)[];
    try {
      outcomes = await this.write(
        storage,
        batch.map((pending) => pending.item),
      );
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      for (const pending of batch) await this.#writeBatch(storage, [pending]);
      return;
    }
    batch.forEach((pending, index) => {
      const outcome = outcomes[index] as Outcome | Error;
      if (outcome instanceof Error) pending.reject(outcome);
      else pending.resolve(outcome);
    });
  }
}

interface Pending<Item, Outcome> {
  item: Item;
  resolve: (outcome: Outcome) => void;
  reject: (error: unknown) => void;
}
