import { useEffect, useRef } from "react";
import { usePrefersReducedMotion } from "../../lib/use-reduced-motion";

/** The count-up's default run time (spec: site-and-docs §9). */
export const COUNT_UP_DEFAULT_MS = 2000;

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
 * A live figure that rises into place once it scrolls into view, over `duration` ms. Only the figure
 * moves, never its value: counting through the numbers on the way showed readers figures that were
 * never true ("88% uptime, 113 commands" mid-count; issue 24 §5), so every frame shows `end`. With
 * reduced motion it simply appears. Screen readers get the value once, not the animation.
 */
export function CountUp({ end, duration = COUNT_UP_DEFAULT_MS, suffix = "", decimals = 0 }: CountUpProps) {
  const reducedMotion = usePrefersReducedMotion();
  const shown = useRef<HTMLSpanElement>(null);
  const animate = !reducedMotion && duration > 0;

  useEffect(() => {
    const element = shown.current;
    if (!element || !animate || typeof element.animate !== "function") return;
    let running: Animation | undefined;
    const start = () => {
      running = element.animate(
        [
          { opacity: 0, transform: "translateY(0.35em)" },
          { opacity: 1, transform: "none" },
        ],
        { duration, easing: "cubic-bezier(0.33, 1, 0.68, 1)", fill: "backwards" },
      );
    };
    // Start when the figure is on screen; without IntersectionObserver, start at once.
    if (typeof IntersectionObserver === "undefined") {
      start();
      return () => running?.cancel();
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
      running?.cancel();
    };
  }, [duration, animate]);

  return (
    <>
      <span ref={shown} aria-hidden="true" data-testid="count-up" className="inline-block">
        {formatValue(end, decimals)}
        {suffix}
      </span>
      <span className="sr-only">
        {formatValue(end, decimals)}
        {suffix}
      </span>
    </>
  );
}
