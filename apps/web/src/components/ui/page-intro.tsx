import type { ReactNode } from "react";

interface PageIntroProps {
  title: string;
  eyebrow?: string;
  children: ReactNode;
}

/** A page's heading block: the h1 every route has, with a short lead paragraph. */
export function PageIntro({ title, eyebrow, children }: PageIntroProps) {
  return (
    <section className="mx-auto w-full max-w-6xl px-4 pt-14 pb-10 sm:px-6 sm:pt-20 sm:pb-12">
      {eyebrow && <p className="text-sm font-semibold uppercase tracking-widest text-ember-400">{eyebrow}</p>}
      <h1 className="mt-3 text-4xl font-bold tracking-tight text-stone-50 sm:text-5xl">{title}</h1>
      <p className="mt-5 max-w-2xl text-lg leading-relaxed text-stone-300">{children}</p>
    </section>
  );
}
