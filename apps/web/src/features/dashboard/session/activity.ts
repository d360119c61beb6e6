/** Background refresh period, the idle window and the blur delay (spec §§4, 9). */
export const REFRESH_INTERVAL_MS = 30_000;
export const IDLE_AFTER_MS = 3000;
export const BLUR_CLEAR_MS = 1000;

/**
 * Whether the user is busy with a form, so a background refresh would get in the way. Typing
 * flags activity; leaving a field clears the flag a second later; activity older than 3 s no
 * longer counts even while the flag is up.
 */
export function createActivityTracker(now: () => number = Date.now) {
  let flagged = false;
  let lastActivity = Number.NEGATIVE_INFINITY;
  let clearTimer: ReturnType<typeof setTimeout> | undefined;

  return {
    /** An input event in a field. */
    markInput() {
      clearTimeout(clearTimer);
      flagged = true;
      lastActivity = now();
    },
    /** A field lost focus. */
    markBlur() {
      clearTimeout(clearTimer);
      clearTimer = setTimeout(() => {
        flagged = false;
      }, BLUR_CLEAR_MS);
    },
    isActive(): boolean {
      return flagged && now() - lastActivity < IDLE_AFTER_MS;
    },
    dispose() {
      clearTimeout(clearTimer);
    },
  };
}

export type ActivityTracker = ReturnType<typeof createActivityTracker>;
