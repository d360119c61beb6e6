import { cn } from "../../lib/cn";

export type ButtonVariant = "primary" | "soft" | "secondary" | "ghost";
export type ButtonSize = "sm" | "md" | "lg";

const base =
  "inline-flex items-center justify-center gap-2 rounded-lg font-semibold whitespace-nowrap " +
  "transition-colors duration-150 motion-reduce:transition-none disabled:pointer-events-none disabled:opacity-50";

const variants: Record<ButtonVariant, string> = {
  primary: "bg-ember-500 text-ink-950 shadow-lg shadow-ember-500/20 hover:bg-ember-400",
  // Accent without competing with the page's primary call to action (used in the header).
  soft: "border border-ember-500/40 bg-ember-500/10 text-ember-200 hover:border-ember-400/60 hover:bg-ember-500/20",
  secondary: "border border-white/10 bg-white/5 text-stone-100 hover:border-white/20 hover:bg-white/10",
  ghost: "text-stone-300 hover:bg-white/5 hover:text-stone-50",
};

const sizes: Record<ButtonSize, string> = {
  sm: "h-9 px-3.5 text-sm",
  md: "h-10 px-4 text-sm",
  lg: "h-12 px-6 text-base",
};

/** Shared by <button>s and links that look like buttons, so both stay in step. */
export function buttonClass(variant: ButtonVariant = "primary", size: ButtonSize = "md"): string {
  return cn(base, variants[variant], sizes[size]);
}
