import { useEffect, useState } from "react";

/** One delay for the text and the timer alike: the page says 5 seconds and waits 5 seconds. */
export const INVITE_REDIRECT_MS = 5000;

export interface RedirectCountdown {
  /** Whole seconds left, counting down from the delay to 0. */
  secondsLeft: number;
  cancelled: boolean;
  cancel: () => void;
}

/**
 * Counts down from `delayMs` once `target` is known, then calls `go(target)`. Cancelling stops
 * it for good (a visitor who wants to read the page can).
 */
export function useRedirectCountdown(
  target: string | null | undefined,
  go: (url: string) => void,
  delayMs = INVITE_REDIRECT_MS,
): RedirectCountdown {
  const [secondsLeft, setSecondsLeft] = useState(Math.ceil(delayMs / 1000));
  const [cancelled, setCancelled] = useState(false);

  useEffect(() => {
    if (!target || cancelled) return;
    const started = Date.now();
    const tick = setInterval(() => {
      const left = Math.max(0, Math.ceil((delayMs - (Date.now() - started)) / 1000));
      setSecondsLeft(left);
    }, 250);
    const redirect = setTimeout(() => {
      clearInterval(tick);
      setSecondsLeft(0);
      go(target);
    }, delayMs);
    return () => {
      clearInterval(tick);
      clearTimeout(redirect);
    };
  }, [target, cancelled, delayMs, go]);

  return { secondsLeft, cancelled, cancel: () => setCancelled(true) };
}
