import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { COUNT_UP_DEFAULT_MS, CountUp, countUpValue, easeOut } from "./count-up";

function setReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    "matchMedia",
    vi.fn((query: string) => ({
      matches: reduce && query === "(prefers-reduced-motion: reduce)",
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })),
  );
}

describe("countUpValue", () => {
  it("starts at 0, ends exactly at end, and never overshoots", () => {
    expect(countUpValue(1000, 0, 2000)).toBe(0);
    expect(countUpValue(1000, 2000, 2000)).toBe(1000);
    expect(countUpValue(1000, 5000, 2000)).toBe(1000);
    let previous = 0;
    for (let t = 0; t <= 2000; t += 50) {
      const value = countUpValue(1000, t, 2000);
      expect(value).toBeGreaterThanOrEqual(previous);
      expect(value).toBeLessThanOrEqual(1000);
      previous = value;
    }
  });

  it("eases out: more than half way at half time", () => {
    expect(countUpValue(100, 1000, 2000)).toBe(88);
    expect(easeOut(0.5)).toBeCloseTo(0.875);
  });

  it("rounds to the requested decimals", () => {
    expect(countUpValue(99.9, 1500, 3000, 1)).toBe(87.4);
  });

  it("shows the end value at once for a zero duration", () => {
    expect(countUpValue(42, 0, 0)).toBe(42);
  });
});

describe("<CountUp>", () => {
  let frames: FrameRequestCallback[] = [];
  let clock = 0;

  beforeEach(() => {
    frames = [];
    clock = 0;
    vi.stubGlobal("requestAnimationFrame", (callback: FrameRequestCallback) => frames.push(callback));
    vi.stubGlobal("cancelAnimationFrame", () => {});
    vi.spyOn(performance, "now").mockImplementation(() => clock);
  });
  afterEach(() => vi.restoreAllMocks());

  const advance = (ms: number) =>
    act(() => {
      clock += ms;
      const pending = frames;
      frames = [];
      for (const frame of pending) frame(clock);
    });

  it("counts up over the default 2000 ms with its suffix", () => {
    setReducedMotion(false);
    expect(COUNT_UP_DEFAULT_MS).toBe(2000);
    render(<CountUp end={500} suffix="+" />);
    const shown = () => screen.getByTestId("count-up").textContent;

    advance(0);
    expect(shown()).toBe("0+");
    advance(1000);
    expect(shown()).toBe("438+");
    advance(999);
    // Still animating one millisecond before the end.
    expect(frames).toHaveLength(1);
    advance(1);
    expect(shown()).toBe("500+");
    expect(frames).toHaveLength(0);
  });

  it("honours a custom duration and decimals, and formats thousands", () => {
    setReducedMotion(false);
    render(<CountUp end={12345} duration={3000} />);
    advance(0);
    advance(3000);
    expect(screen.getByTestId("count-up").textContent).toBe("12,345");
  });

  it("gives screen readers only the final value", () => {
    setReducedMotion(false);
    const { container } = render(<CountUp end={99.5} decimals={1} suffix="%" />);
    expect(screen.getByTestId("count-up").getAttribute("aria-hidden")).toBe("true");
    expect(container.querySelector(".sr-only")?.textContent).toBe("99.5%");
  });

  it("shows the end value at once with reduced motion", () => {
    setReducedMotion(true);
    render(<CountUp end={1000} />);
    expect(screen.getByTestId("count-up").textContent).toBe("1,000");
    expect(frames).toHaveLength(0);
  });
});
