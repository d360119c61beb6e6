/**
 * A source of uniform random integers in `[0, maxExclusive)`. The server passes a cryptographically
 * secure one (`crypto.randomInt`); tests pass a seeded one so a draw can be replayed.
 */
export type RandomInt = (maxExclusive: number) => number;

/** Options of {@link drawWeighted}. */
export interface DrawOptions {
  /** Indices that may not win (already drawn in an earlier draw, for instance). */
  exclude?: Iterable<number>;
}

/** Entrants per block of the draw's index: a pick scans at most one block. */
const blockBits = 6;
const blockSize = 1 << blockBits;

/**
 * Draws up to `count` distinct indices of `weights`, each pick weighted by its entry count, without
 * replacement: every remaining ticket is equally likely at each pick, and a winner's tickets leave
 * the pool. Zero-weight and excluded indices never win. Answers fewer than `count` indices only when
 * fewer are eligible, in the order they were drawn.
 *
 * Weights are non-negative integers (entry counts), so every sum is exact. The weights are summed
 * by blocks of 64 in one pass (the only O(n) work, and the only memory besides the input: n/64
 * sums); a Fenwick tree over the block sums finds a ticket's block in log(n/64) steps and a scan of
 * that block finds its entrant, so a pick costs O(log n + 64) and removing a winner updates
 * log(n/64) nodes: no retry or rejection is ever needed. A ticket lands on the same index as a walk
 * through the remaining tickets in index order would.
 */
export function drawWeighted(
  weights: ArrayLike<number>,
  count: number,
  randomInt: RandomInt,
  options: DrawOptions = {},
): number[] {
  const n = weights.length;
  if (!Number.isInteger(count) || count < 0) throw new RangeError("count must be a non-negative integer");

  const blocks = (n + blockSize - 1) >> blockBits;
  // tree[b] (1-based) holds the sum of the block sums in (b - lowbit(b), b]; built in linear time.
  const tree = new Float64Array(blocks + 1);
  // Unsigned integer arrays hold nothing but non-negative integers: no weight needs checking.
  const unsigned =
    weights instanceof Uint8Array || weights instanceof Uint16Array || weights instanceof Uint32Array;
  let total = 0;
  for (let b = 0; b < blocks; b++) {
    const end = Math.min(n, (b + 1) << blockBits);
    let sum = 0;
    for (let i = b << blockBits; i < end; i++) {
      const weight = weights[i] as number;
      if (!unsigned && (!Number.isSafeInteger(weight) || weight < 0)) {
        throw new RangeError(`weight ${i} must be a non-negative integer, got ${weight}`);
      }
      sum += weight;
    }
    tree[b + 1] = sum;
    total += sum;
  }
  if (!Number.isSafeInteger(total)) throw new RangeError("the weights add up to more than 2^53");
  for (let b = 1; b <= blocks; b++) {
    const parent = b + (b & -b);
    if (parent <= blocks) tree[parent] = (tree[parent] as number) + (tree[b] as number);
  }

  // Out of the pool: excluded indices and winners so far. Only the picked block's members are
  // looked up, so a pick reads this set at most 64 times.
  const removed = new Set<number>();
  const remove = (index: number) => {
    removed.add(index);
    const weight = weights[index] as number;
    total -= weight;
    for (let b = (index >> blockBits) + 1; b <= blocks; b += b & -b) tree[b] = (tree[b] as number) - weight;
  };
  for (const index of options.exclude ?? []) {
    if (Number.isInteger(index) && index >= 0 && index < n && !removed.has(index)) remove(index);
  }

  let topStep = 1;
  while (topStep * 2 <= blocks) topStep *= 2;

  const winners: number[] = [];
  while (winners.length < count && total > 0) {
    const ticket = randomInt(total);
    if (!Number.isInteger(ticket) || ticket < 0 || ticket >= total) {
      throw new RangeError(`randomInt(${total}) answered ${ticket}`);
    }
    // Descend to the last block whose prefix sum is <= ticket; the next block holds the ticket.
    let block = 0;
    let remaining = ticket;
    for (let step = topStep; step > 0; step >>= 1) {
      const next = block + step;
      if (next <= blocks && (tree[next] as number) <= remaining) {
        block = next;
        remaining -= tree[next] as number;
      }
    }
    // Exact integer sums put the ticket inside this block, on an eligible index.
    let winner = block << blockBits;
    const end = Math.min(n, winner + blockSize);
    for (; winner < end; winner++) {
      const weight = removed.has(winner) ? 0 : (weights[winner] as number);
      if (remaining < weight) break;
      remaining -= weight;
    }
    if (winner === end) throw new Error(`ticket ${ticket} fell outside block ${block}`);
    winners.push(winner);
    remove(winner);
  }
  return winners;
}

/** One participant of a draw: who, and how many entries (tickets) they hold. */
export interface DrawEntrant<Id> {
  id: Id;
  entries: number;
}

/**
 * Draws up to `count` distinct winners from `entrants`, weighted by their entries, skipping the ids
 * in `excludeIds` (previous winners, when rerolling). See {@link drawWeighted}.
 */
export function drawWinners<Entrant extends DrawEntrant<unknown>>(
  entrants: readonly Entrant[],
  count: number,
  randomInt: RandomInt,
  excludeIds: Iterable<Entrant["id"]> = [],
): Entrant[] {
  const skip = new Set(excludeIds);
  const exclude: number[] = [];
  const weights = new Float64Array(entrants.length);
  entrants.forEach((entrant, index) => {
    weights[index] = entrant.entries;
    if (skip.has(entrant.id)) exclude.push(index);
  });
  return drawWeighted(weights, count, randomInt, { exclude }).map((index) => entrants[index] as Entrant);
}
