import type { ReactNode } from "react";
import { StatusLine } from "../../../components/layout/status-line";
import { buttonClass } from "../../../components/ui/button-styles";
import { config } from "../../../config";

/** The Support & Help guide's sections (`children`), with its status and quick-links column beside them. */
export function SupportColumns({
  children,
  sections,
}: {
  children: ReactNode;
  /** The "On this page" links: each section's id and title. */
  sections: readonly (readonly [id: string, title: string])[];
}) {
  return (
    <div className="mt-10 grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_14rem]">
      <div>{children}</div>
      <aside
        aria-label="Status and quick links"
        className="space-y-4 lg:sticky lg:top-8 lg:mt-14 lg:self-start"
      >
        <div className="rounded-2xl border border-white/10 bg-ink-900/60 p-5">
          <h2 className="text-sm font-semibold text-stone-100">Status</h2>
          <div className="mt-2">
            <StatusLine />
          </div>
        </div>
        <nav aria-label="On this page" className="rounded-2xl border border-white/10 bg-ink-900/60 p-5">
          <h2 className="text-sm font-semibold text-stone-100">On this page</h2>
          <ul className="mt-2 space-y-1.5 text-sm">
            {sections.map(([id, label]) => (
              <li key={id}>
                <a href={`#${id}`} className="rounded text-stone-300 hover:text-ember-200">
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <a
          href={config.supportServerUrl}
          target="_blank"
          rel="noopener noreferrer"
          className={`${buttonClass("primary")} w-full`}
        >
          Join Discord
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </aside>
    </div>
  );
}

/** A link to the support server (its address is configuration, so the guide can't write it). */
export function SupportServerLink({ children }: { children?: ReactNode }) {
  return (
    <a href={config.supportServerUrl} target="_blank" rel="noopener noreferrer">
      {children ?? config.supportServerUrl}
    </a>
  );
}

/** The support e-mail address, as a mailto link. */
export function SupportEmailLink() {
  return <a href={`mailto:${config.supportEmail}`}>{config.supportEmail}</a>;
}
