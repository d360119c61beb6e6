import { startTransition, useEffect, useState } from "react";

/**
 * How many of a long list's `total` items to render now: `step` at first, then `step` more per
 * background update until all are there. Each update is its own transition and its own commit, so
 * putting ~100 cards in the page is a few short tasks instead of one long one that blocks a phone's
 * main thread right when the page becomes interactive. A new list (another filter) starts over.
 */
export function useProgressiveCount(total: number, step = 24): number {
  const [state, setState] = useState({ total, shown: step });
  const shown = state.total === total ? state.shown : step;
  if (state.total !== total) setState({ total, shown: step });

  useEffect(() => {
    if (shown >= total) return;
    const timer = setTimeout(() => {
      startTransition(() => setState((current) => ({ total, shown: current.shown + step })));
    }, 0);
    return () => clearTimeout(timer);
  }, [shown, total, step]);

  return Math.min(shown, total);
}
