import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { COUNT_UP_DEFAULT_MS, CountUp } from "./count-up";

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

describe("<CountUp>", () => {
  let animations: { keyframes: Keyframe[]; options: KeyframeAnimationOptions }[] = [];

  beforeEach(() => {
    animations = [];
    vi.stubGlobal("IntersectionObserver", undefined);
    Object.defineProperty(HTMLElement.prototype, "animate", {
      configurable: true,
      value(keyframes: Keyframe[], options: KeyframeAnimationOptions) {
        animations.push({ keyframes, options });
        return { cancel: () => {} } as unknown as Animation;
      },
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(HTMLElement.prototype, "animate");
  });

  it("never shows a figure other than the real one: it rises into place over the duration (issue 24 §5)", () => {
    setReducedMotion(false);
    expect(COUNT_UP_DEFAULT_MS).toBe(2000);
    render(<CountUp end={100} suffix="%" />);
    // From the first frame on: the true figure, not 0, 88 or any other step on the way.
    expect(screen.getByTestId("count-up").textContent).toBe("100%");
    expect(animations).toHaveLength(1);
    expect(animations[0]?.options.duration).toBe(2000);
    expect(animations[0]?.keyframes.map((frame) => frame.opacity)).toEqual([0, 1]);
    act(() => {});
    expect(screen.getByTestId("count-up").textContent).toBe("100%");
  });

  it("honours a custom duration and decimals, and formats thousands", () => {
    setReducedMotion(false);
    render(<CountUp end={12345} duration={3000} />);
    expect(screen.getByTestId("count-up").textContent).toBe("12,345");
    expect(animations[0]?.options.duration).toBe(3000);
  });

  it("gives screen readers only the final value", () => {
    setReducedMotion(false);
    const { container } = render(<CountUp end={99.5} decimals={1} suffix="%" />);
    expect(screen.getByTestId("count-up").getAttribute("aria-hidden")).toBe("true");
    expect(container.querySelector(".sr-only")?.textContent).toBe("99.5%");
  });

  it("shows the end value without motion with reduced motion", () => {
    setReducedMotion(true);
    render(<CountUp end={1000} />);
    expect(screen.getByTestId("count-up").textContent).toBe("1,000");
    expect(animations).toHaveLength(0);
  });
});
