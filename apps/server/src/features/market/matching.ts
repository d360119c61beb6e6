/**
 * Item names as members type them: `Gold Bar`, `gold bars`, `goldbar`, `gld bar`. Keys ignore case,
 * accents, punctuation and spacing; lookups forgive a plural and small typos.
 */
export function itemKey(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

const compact = (key: string) => key.replaceAll(" ", "");
const singular = (key: string) =>
  key.replace(/(?<=\p{L}{2})ies$/u, "y").replace(/(?<=\p{L}{2})(?:es|s)$/u, "");

/** Optimal string alignment distance (Levenshtein with adjacent swaps), stopping past `limit`. */
export function editDistance(a: string, b: string, limit = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous2: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, (previous2[j - 2] ?? 0) + 1);
      }
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > limit) return limit + 1;
    previous2 = previous;
    previous = current;
  }
  return previous[b.length] ?? 0;
}

export type ItemMatch<T> = { item: T } | { item: null; suggestions: T[] };

/**
 * Finds the item a member meant: the same key; else the same without spaces or a plural; else one
 * item within a small edit distance (1 for short names, up to 3 for long ones) or the only item
 * whose name contains what was typed. Anything less certain answers up to 3 suggestions, closest
 * first.
 */
export function findItem<T extends { key: string }>(items: readonly T[], query: string): ItemMatch<T> {
  const key = itemKey(query);
  if (!key) return { item: null, suggestions: [] };
  const exact = items.find((item) => item.key === key);
  if (exact) return { item: exact };
  const loose = items.filter(
    (item) => compact(item.key) === compact(key) || singular(compact(item.key)) === singular(compact(key)),
  );
  if (loose.length === 1 && loose[0]) return { item: loose[0] };

  const limit = Math.min(3, Math.max(1, Math.floor(key.length / 4)));
  const scored = items
    .map((item) => ({ item, distance: editDistance(compact(item.key), compact(key), limit + 2) }))
    .sort((a, b) => a.distance - b.distance);
  const [best, second] = scored;
  if (best && best.distance <= limit && (!second || second.distance > best.distance))
    return { item: best.item };

  const containing = key.length >= 3 ? items.filter((item) => item.key.includes(key)) : [];
  if (containing.length === 1 && containing[0]) return { item: containing[0] };

  const suggestions = [
    ...containing,
    ...scored.filter((entry) => entry.distance <= limit + 2).map((entry) => entry.item),
  ];
  return { item: null, suggestions: [...new Set(suggestions)].slice(0, 3) };
}
