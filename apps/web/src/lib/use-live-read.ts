import { useEffect, useState } from "react";

/**
 * A GET for the live figures on the public pages (health, stats), without the query library, so
 * the prerendered landing page loads no more JavaScript than it needs. Each answer is kept for
 * `staleMs`, so moving between pages doesn't ask again; a failed read is asked again next time.
 *
 * The first render is always "pending", exactly like the prerendered HTML: the read starts only
 * once the page has hydrated, and its result fills space the pending state already reserves.
 */
export type LiveRead<T> =
  | { status: "pending"; data?: undefined }
  | { status: "success"; data: T }
  | { status: "error"; data?: undefined };

interface Entry {
  at: number;
  result: Promise<unknown>;
}

const answers = new Map<string, Entry>();

function read<T>(key: string, load: () => Promise<T>, staleMs: number): Promise<T> {
  const kept = answers.get(key);
  if (kept && Date.now() - kept.at < staleMs) return kept.result as Promise<T>;
  const result = load();
  answers.set(key, { at: Date.now(), result });
  result.catch(() => {
    if (answers.get(key)?.result === result) answers.delete(key);
  });
  return result;
}

/** Forgets every kept answer (tests start from nothing). */
export function clearLiveReads(): void {
  answers.clear();
}

/**
 * `refresh`: read again every `staleMs` while the page stays open (a status that must follow the
 * server, not the moment the page was opened).
 */
export function useLiveRead<T>(
  key: string,
  load: () => Promise<T>,
  staleMs = 60_000,
  { refresh = false }: { refresh?: boolean } = {},
): LiveRead<T> {
  const [state, setState] = useState<LiveRead<T>>({ status: "pending" });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `load` is the same read for the same key
  useEffect(() => {
    let current = true;
    const ask = () =>
      read(key, load, staleMs).then(
        (data) => current && setState({ status: "success", data }),
        () => current && setState({ status: "error" }),
      );
    ask();
    const timer = refresh ? setInterval(ask, staleMs) : undefined;
    return () => {
      current = false;
      clearInterval(timer);
    };
  }, [key, staleMs, refresh]);
  return state;
}
