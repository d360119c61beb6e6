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

/**
 * Draws up to `count` distinct indices of `weights`, each pick weighted by its entry count, without
 * replacement: every remaining ticket is equally likely at each pick, and a winner's tickets leave
 * the pool. Zero-weight and excluded indices never win. Answers fewer than `count` indices only when
 * fewer are eligible, in the order they were drawn.
 *
 * Weights are non-negative integers (entry counts), so every sum is exact. Runs in
 * O(n + count · log n) with a Fenwick tree of the weights: a pick is a descent through the tree, and
 * removing a winner updates log n nodes, so no retry or rejection is ever needed.
 */
export function drawWeighted(
  weights: ArrayLike<number>,
  count: number,
  randomInt: RandomInt,
  options: DrawOptions = {},
): number[] {
  const n = weights.length;
  if (!Number.isInteger(count) || count < 0) throw new RangeError("count must be a non-negative integer");
  const excluded = new Set<number>();
  for (const index of options.exclude ?? []) excluded.add(index);

  // tree[i] (1-based) holds the sum of the weights in (i - lowbit(i), i]; built in linear time.
  const tree = new Float64Array(n + 1);
  let total = 0;
  for (let i = 1; i <= n; i++) {
    const weight = weights[i - 1] as number;
    if (!Number.isSafeInteger(weight) || weight < 0) {
      throw new RangeError(`weight ${i - 1} must be a non-negative integer, got ${weight}`);
    }
    const effective = excluded.has(i - 1) ? 0 : weight;
    total += effective;
    tree[i] = (tree[i] as number) + effective;
    const parent = i + (i & -i);
    if (parent <= n) tree[parent] = (tree[parent] as number) + (tree[i] as number);
  }
  if (!Number.isSafeInteger(total)) throw new RangeError("the weights add up to more than 2^53");

  let topStep = 1;
  while (topStep * 2 <= n) topStep *= 2;

  const winners: number[] = [];
  while (winners.length < count && total > 0) {
    const ticket = randomInt(total);
    if (!Number.isInteger(ticket) || ticket < 0 || ticket >= total) {
      throw new RangeError(`randomInt(${total}) answered ${ticket}`);
    }
    // Descend to the last position whose prefix sum is <= ticket; the next index holds the ticket.
    let position = 0;
    let remaining = ticket;
    for (let step = topStep; step > 0; step >>= 1) {
      const next = position + step;
      if (next <= n && (tree[next] as number) <= remaining) {
        position = next;
        remaining -= tree[next] as number;
      }
    }
    // Exact integer sums put the ticket on an eligible index: its weight is positive and in the tree.
    const winner = position;
    const weight = weights[winner] as number;
    winners.push(winner);
    total -= weight;
    for (let i = winner + 1; i <= n; i += i & -i) tree[i] = (tree[i] as number) - weight;
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
