import { type ReactNode, type SelectHTMLAttributes, useId } from "react";
import { cn } from "../../../lib/cn";

/** Text inputs, selects and text areas share one look; invalid ones turn red (aria-invalid). */
/** Without a width, for controls sized by their context. */
export const controlBaseClass =
  "rounded-lg border border-white/10 bg-ink-950 px-3 text-sm text-stone-100 placeholder:text-stone-500 " +
  "transition-colors hover:border-white/20 focus:border-ember-400 focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ember-300 " +
  "disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-red-400";

export const controlClass = cn(controlBaseClass, "w-full");
export const inputClass = cn(controlClass, "h-10");
export const textareaClass = cn(controlClass, "py-2 leading-relaxed");
export const selectClass = cn(controlClass, "h-10 appearance-none pr-9");

export interface ControlProps {
  id: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
}

interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null | undefined;
  className?: string;
  /** Shown after the label, e.g. "optional". */
  aside?: ReactNode;
  children: (control: ControlProps) => ReactNode;
}

/** A labelled control with its hint and, next to it, its error (announced when it appears). */
export function Field({ label, hint, error, className, aside, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ");
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-stone-200">
          {label}
        </label>
        {aside && <span className="text-xs text-stone-400">{aside}</span>}
      </div>
      {children({
        id,
        "aria-describedby": describedBy || undefined,
        "aria-invalid": error ? true : undefined,
      })}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-300">
          {error}
        </p>
      )}
      {hint && (
        <p id={hintId} className="text-xs leading-relaxed text-stone-400">
          {hint}
        </p>
      )}
    </div>
  );
}

/** A native select with the dashboard's look and a chevron. */
export function SelectBox({
  className,
  children,
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & { children: ReactNode }) {
  return (
    <div className={cn("relative", className)}>
      <select className={selectClass} {...props}>
        {children}
      </select>
      <svg
        viewBox="0 0 20 20"
        fill="currentColor"
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-stone-400"
      >
        <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z" />
      </svg>
    </div>
  );
}
