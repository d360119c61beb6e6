import type { ReactNode } from "react";
import { Link } from "react-router";

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** A legal document: title, dates, a table of contents and numbered, anchored sections. */
export function LegalLayout({
  title,
  effective,
  updated,
  intro,
  sections,
  footer,
}: {
  title: string;
  effective: string;
  updated: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
  footer?: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-20 sm:px-6 sm:py-24">
      <p className="text-sm font-semibold uppercase tracking-widest text-ember-400">Legal</p>
      <h1 className="mt-3 text-4xl font-bold tracking-tight text-stone-50 sm:text-5xl">{title}</h1>
      <p className="mt-4 text-sm text-stone-300">
        Effective: <time dateTime="2025-07-20">{effective}</time> · Last updated:{" "}
        <time dateTime="2025-07-20">{updated}</time>
      </p>

      <div className="mt-12 lg:grid lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-12">
        <nav aria-label="Table of contents" className="mb-10 lg:mb-0">
          <div className="rounded-2xl border border-white/10 bg-ink-900/60 p-5 lg:sticky lg:top-24">
            <h2 className="text-xs font-semibold uppercase tracking-widest text-stone-400">Contents</h2>
            <ol className="mt-3 space-y-1.5 text-sm">
              {sections.map((section, index) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    className="flex gap-2 rounded text-stone-300 hover:text-ember-200"
                  >
                    <span className="w-5 shrink-0 text-right text-stone-400 tabular-nums">{index + 1}.</span>
                    {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </div>
        </nav>

        <div className="max-w-3xl">
          <div className="space-y-4 leading-relaxed text-stone-300">{intro}</div>
          {sections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-title`}
              className="mt-12 scroll-mt-24"
            >
              <h2 id={`${section.id}-title`} className="text-2xl font-semibold text-stone-50">
                {index + 1}. {section.title}
              </h2>
              <div className="legal-prose mt-4 space-y-4 leading-relaxed text-stone-300">{section.body}</div>
            </section>
          ))}
          {footer && (
            <div className="mt-14 rounded-2xl border border-white/10 bg-white/[0.03] p-6 text-stone-300">
              {footer}
            </div>
          )}
          <p className="mt-10 text-sm text-stone-400">
            Related:{" "}
            <Link to="/terms" className="text-ember-300 underline underline-offset-4 hover:text-ember-200">
              Terms of Service
            </Link>{" "}
            ·{" "}
            <Link to="/privacy" className="text-ember-300 underline underline-offset-4 hover:text-ember-200">
              Privacy Policy
            </Link>{" "}
            ·{" "}
            <Link to="/refund" className="text-ember-300 underline underline-offset-4 hover:text-ember-200">
              Refund Policy
            </Link>
          </p>
        </div>
      </div>
    </div>
  );
}
