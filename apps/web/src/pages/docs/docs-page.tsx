import { useLocation } from "react-router";
import { findDocsPage, findDocsSection } from "./docs-nav";

/** Placeholder for every docs page until its guide is written: the title and what it will cover. */
export function DocsPage() {
  const { pathname } = useLocation();
  const entry = findDocsPage(pathname);
  if (!entry) return null;
  const section = findDocsSection(entry);

  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-16 sm:px-8 lg:py-20">
      <p className="text-sm font-semibold uppercase tracking-widest text-ember-400">
        {section?.title ?? "Help"}
      </p>
      <h1 className="mt-3 text-4xl font-bold tracking-tight text-stone-50">{entry.title}</h1>
      <p className="mt-5 text-lg leading-relaxed text-stone-300">{entry.summary}</p>
    </article>
  );
}
