import { useEffect, useRef, useState } from "react";
import { cn } from "../../lib/cn";

/** How long the button says "Copied" (spec: site-and-docs §9). */
export const COPIED_MS = 2000;

async function writeClipboard(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // Older browsers and non-secure origins: the selection-based fallback.
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.append(area);
  area.select();
  const copied = document.execCommand("copy");
  area.remove();
  if (!copied) throw new Error("copy failed");
}

interface CopyButtonProps {
  text: string;
  /** What is copied, for the accessible name: `Copy usage of /setup`. */
  label: string;
  className?: string;
}

export function CopyButton({ text, label, className }: CopyButtonProps) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    clearTimeout(timer.current);
    try {
      await writeClipboard(text);
      setState("copied");
    } catch {
      setState("failed");
    }
    timer.current = setTimeout(() => setState("idle"), COPIED_MS);
  };

  return (
    <button
      type="button"
      onClick={copy}
      aria-label={state === "copied" ? `Copied: ${label}` : label}
      data-state={state}
      className={cn(
        "inline-flex h-8 shrink-0 items-center gap-1.5 rounded-md border px-2 text-xs font-medium transition-colors motion-reduce:transition-none",
        state === "copied"
          ? "border-emerald-400/40 bg-emerald-400/10 text-emerald-300"
          : "border-white/10 bg-white/5 text-stone-300 hover:border-white/20 hover:text-stone-50",
        className,
      )}
    >
      <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-3.5">
        {state === "copied" ? (
          <path
            fillRule="evenodd"
            d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0z"
          />
        ) : (
          <path d="M7 3a2 2 0 0 0-2 2v1H4a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2v-1h1a2 2 0 0 0 2-2V5a2 2 0 0 0-2-2H7zm5 12v1H4V8h1v5a2 2 0 0 0 2 2h5zM7 5h8v8H7V5z" />
        )}
      </svg>
      <span aria-hidden="true">{state === "copied" ? "Copied" : state === "failed" ? "Failed" : "Copy"}</span>
      <span className="sr-only" aria-live="polite">
        {state === "copied" ? "Copied to clipboard" : state === "failed" ? "Copy failed" : ""}
      </span>
    </button>
  );
}
