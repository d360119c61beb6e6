import { type ReactNode, useId } from "react";
import { cn } from "../../../lib/cn";

interface CardProps {
  title?: ReactNode;
  description?: ReactNode;
  /** Buttons or badges at the right of the title. */
  actions?: ReactNode;
  icon?: ReactNode;
  children?: ReactNode;
  className?: string;
  /** Id of the heading; one is made up when not given. The section is named by its heading. */
  headingId?: string;
}

/** The dashboard's panel: a titled section on a raised surface. */
export function Card({ title, description, actions, icon, children, className, headingId }: CardProps) {
  const generatedId = useId();
  const titleId = headingId ?? generatedId;
  return (
    <section
      aria-labelledby={title ? titleId : undefined}
      className={cn(
        "rounded-2xl border border-white/[0.08] bg-ink-900/80 p-5 shadow-xl shadow-black/20 sm:p-6",
        className,
      )}
    >
      {(title || actions) && (
        <div className="mb-5 flex flex-wrap items-start justify-between gap-3">
          <div className="flex min-w-0 items-start gap-3">
            {icon && (
              <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-ember-500/10 text-ember-300">
                {icon}
              </span>
            )}
            <div className="min-w-0">
              {title && (
                <h2 id={titleId} className="text-base font-semibold text-stone-50">
                  {title}
                </h2>
              )}
              {description && <p className="mt-1 text-sm text-stone-400">{description}</p>}
            </div>
          </div>
          {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
        </div>
      )}
      {children}
    </section>
  );
}

/** A small heading inside a card, separating groups of fields. */
export function SubHeading({ children }: { children: ReactNode }) {
  return <h3 className="mb-3 text-xs font-semibold tracking-wider text-stone-400 uppercase">{children}</h3>;
}
