import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BLUR_CLEAR_MS, createActivityTracker, IDLE_AFTER_MS, REFRESH_INTERVAL_MS } from "./activity";

describe("activity tracker", () => {
  beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => vi.useRealTimers());

  it("uses the spec's constants", () => {
    expect([REFRESH_INTERVAL_MS, IDLE_AFTER_MS, BLUR_CLEAR_MS]).toEqual([30_000, 3000, 1000]);
  });

  it("is idle until the user types", () => {
    expect(createActivityTracker().isActive()).toBe(false);
  });

  it("counts input as activity for three seconds", () => {
    const tracker = createActivityTracker();
    tracker.markInput();
    vi.advanceTimersByTime(IDLE_AFTER_MS - 1);
    expect(tracker.isActive()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(tracker.isActive()).toBe(false);
  });

  it("clears the flag one second after blur", () => {
    const tracker = createActivityTracker();
    tracker.markInput();
    tracker.markBlur();
    vi.advanceTimersByTime(BLUR_CLEAR_MS - 1);
    expect(tracker.isActive()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(tracker.isActive()).toBe(false);
  });

  it("keeps the flag when the user types again before the blur delay ends", () => {
    const tracker = createActivityTracker();
    tracker.markInput();
    tracker.markBlur();
    vi.advanceTimersByTime(500);
    tracker.markInput();
    vi.advanceTimersByTime(BLUR_CLEAR_MS);
    expect(tracker.isActive()).toBe(true);
  });
});
