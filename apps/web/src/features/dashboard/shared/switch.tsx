import { type ReactNode, useId } from "react";
import { cn } from "../../../lib/cn";

interface SwitchProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
  /** Busy: the change is on its way to the server. */
  pending?: boolean;
  className?: string;
}

/** An on/off switch with its label; a real button with role="switch", so Space and Enter work. */
export function Switch({ checked, onChange, label, description, disabled, pending, className }: SwitchProps) {
  const id = useId();
  return (
    <div className={cn("flex items-start justify-between gap-4", className)}>
      <div className="min-w-0">
        <span id={`${id}-label`} className="text-sm font-medium text-stone-100">
          {label}
        </span>
        {description && (
          <p id={`${id}-description`} className="mt-0.5 text-sm text-stone-400">
            {description}
          </p>
        )}
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={description ? `${id}-description` : undefined}
        aria-busy={pending || undefined}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        className={cn(
          "relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border transition-colors motion-reduce:transition-none",
          "disabled:cursor-not-allowed disabled:opacity-50",
          checked ? "border-ember-400 bg-ember-500" : "border-white/15 bg-ink-700",
          pending && "animate-pulse",
        )}
      >
        <span
          aria-hidden="true"
          className={cn(
            "inline-block size-4.5 rounded-full bg-white shadow transition-transform motion-reduce:transition-none",
            checked ? "translate-x-5.5" : "translate-x-0.5",
          )}
        />
      </button>
    </div>
  );
}
