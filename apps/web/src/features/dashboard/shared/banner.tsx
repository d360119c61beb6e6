import { useCallback, useEffect, useRef, useState } from "react";
import { cn } from "../../../lib/cn";

/** Success banners of the welcome and rewards panels disappear after 3 s (spec §§4, 9). */
export const BANNER_MS = 3000;

export interface BannerMessage {
  tone: "success" | "error";
  text: string;
}

/**
 * A panel's message line. Successes go away after 3 s; errors stay until the next message, so a
 * failure is never missed.
 */
export function useBanner(durationMs = BANNER_MS) {
  const [message, setMessage] = useState<BannerMessage | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const show = useCallback(
    (tone: BannerMessage["tone"], text: string) => {
      clearTimeout(timer.current);
      setMessage({ tone, text });
      if (tone === "success") timer.current = setTimeout(() => setMessage(null), durationMs);
    },
    [durationMs],
  );
  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setMessage(null);
  }, []);
  return {
    message,
    success: useCallback((text: string) => show("success", text), [show]),
    error: useCallback((text: string) => show("error", text), [show]),
    clear,
  };
}

export function Banner({ message }: { message: BannerMessage | null }) {
  // The live region stays mounted so the message is announced when it appears.
  return (
    <div aria-live="polite" className={cn(message && "mb-5")}>
      {message && (
        <p
          role={message.tone === "error" ? "alert" : "status"}
          className={cn(
            "rounded-xl border px-4 py-3 text-sm font-medium",
            message.tone === "error"
              ? "border-red-400/30 bg-red-500/10 text-red-200"
              : "border-emerald-400/30 bg-emerald-400/10 text-emerald-200",
          )}
        >
          {message.text}
        </p>
      )}
    </div>
  );
}
