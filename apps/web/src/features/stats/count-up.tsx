import { useEffect, useRef } from "react";
import { usePrefersReducedMotion } from "../../lib/use-reduced-motion";

/** The count-up's default run time (spec: site-and-docs §9). */
export const COUNT_UP_DEFAULT_MS = 2000;

/** Ease-out cubic: fast at first, settling gently on the final value. */
export function easeOut(progress: number): number {
  const clamped = Math.min(1, Math.max(0, progress));
  return 1 - (1 - clamped) ** 3;
}

/** The value shown `elapsed` ms into a count from 0 to `end` lasting `duration` ms. */
export function countUpValue(end: number, elapsed: number, duration: number, decimals = 0): number {
  if (duration <= 0 || elapsed >= duration) return end;
  const factor = 10 ** decimals;
  return Math.round(end * easeOut(elapsed / duration) * factor) / factor;
}

interface CountUpProps {
  end: number;
  duration?: number;
  suffix?: string;
  decimals?: number;
}

function formatValue(value: number, decimals: number): string {
  return value.toLocaleString("en-US", { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

/**
 * A number that counts up from 0 to `end` once it scrolls into view. Frames write the text
 * directly instead of re-rendering, so the animation costs almost nothing. With reduced motion it
 * shows `end` at once. Screen readers get the final value only, not every frame.
 */
export function CountUp({ end, duration = COUNT_UP_DEFAULT_MS, suffix = "", decimals = 0 }: CountUpProps) {
  const reducedMotion = usePrefersReducedMotion();
  const shown = useRef<HTMLSpanElement>(null);
  const animate = !reducedMotion && duration > 0;

  useEffect(() => {
    const element = shown.current;
    if (!element) return;
    const write = (value: number) => {
      element.textContent = `${formatValue(value, decimals)}${suffix}`;
    };
    if (!animate) {
      write(end);
      return;
    }

    write(0);
    let frame = 0;
    let started: number | null = null;
    const tick = (now: number) => {
      started ??= now;
      const elapsed = now - started;
      write(countUpValue(end, elapsed, duration, decimals));
      if (elapsed < duration) frame = requestAnimationFrame(tick);
    };
    const start = () => {
      frame = requestAnimationFrame(tick);
    };

    // Start when the number is on screen; without IntersectionObserver, start at once.
    if (typeof IntersectionObserver === "undefined") {
      start();
      return () => cancelAnimationFrame(frame);
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect();
        start();
      }
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [end, duration, decimals, suffix, animate]);

  return (
    <>
      <span ref={shown} aria-hidden="true" data-testid="count-up">
        {formatValue(animate ? 0 : end, decimals)}
        {suffix}
      </span>
      <span className="sr-only">
        {formatValue(end, decimals)}
        {suffix}
      </span>
    </>
  );
}
