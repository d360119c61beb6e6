import { Children, isValidElement, type ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { buttonClass } from "../../../components/ui/button-styles";
import { CopyButton } from "../../../components/ui/copy-button";
import { cn } from "../../../lib/cn";
import { findDocsPage, findDocsSection } from "../docs-nav";

/** A docs page: header, sections and a closing call to action, in a readable column. */
export function DocsArticle({ children }: { children: ReactNode }) {
  return <article className="mx-auto w-full max-w-4xl px-4 py-12 sm:px-8 lg:py-16">{children}</article>;
}

/** The page's title block; the eyebrow is its sidebar section, the title its nav entry's. */
export function DocsHeader({ lead, children }: { lead: ReactNode; children?: ReactNode }) {
  const { pathname } = useLocation();
  const entry = findDocsPage(pathname);
  const section = entry ? findDocsSection(entry) : undefined;
  return (
    <header className="border-b border-white/5 pb-10">
      <p className="text-sm font-semibold uppercase tracking-widest text-ember-400">
        {section?.title ?? "Help"}
      </p>
      <h1 className="mt-3 text-4xl font-bold tracking-tight text-stone-50 sm:text-5xl">{entry?.title}</h1>
      <p className="mt-5 max-w-3xl text-lg leading-relaxed text-stone-300">{lead}</p>
      {children && <div className="mt-6 flex flex-wrap gap-2">{children}</div>}
    </header>
  );
}

export function DocsSection({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="mt-14 scroll-mt-20">
      <h2 id={`${id}-title`} className="text-2xl font-semibold tracking-tight text-stone-50">
        <a href={`#${id}`} className="group rounded">
          {title}
          <span aria-hidden="true" className="ml-2 text-stone-400 opacity-0 group-hover:opacity-100">
            #
          </span>
        </a>
      </h2>
      {intro && <div className="mt-3 max-w-3xl leading-relaxed text-stone-300">{intro}</div>}
      {/* A guide's blocks (tables, steps, cards) are spaced apart; Markdown paragraphs and lists
          space themselves (mdx-components.tsx). */}
      {children && <div className="mt-6 [&>:not(p)+:not(p):not(ul)]:mt-6">{children}</div>}
    </section>
  );
}

export function CardGrid({ children, columns = 2 }: { children: ReactNode; columns?: 2 | 3 }) {
  return (
    <ul
      className={cn(
        "grid grid-cols-1 gap-4",
        columns === 3 ? "sm:grid-cols-2 lg:grid-cols-3" : "sm:grid-cols-2",
      )}
    >
      {children}
    </ul>
  );
}

export function InfoCard({ title, children, tag }: { title: string; children: ReactNode; tag?: string }) {
  return (
    <li className="rounded-2xl border border-white/10 bg-ink-900/60 p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold text-stone-50">{title}</h3>
        {tag && (
          <span className="rounded-full bg-white/5 px-2 py-0.5 text-xs font-medium text-stone-300">
            {tag}
          </span>
        )}
      </div>
      <div className="docs-prose mt-2 text-sm leading-relaxed text-stone-300">{children}</div>
    </li>
  );
}

export interface StepProps {
  title: string;
  children: ReactNode;
}

/** One step of `<Steps>` in a guide (MDX); `<Steps>` numbers and renders it. */
export function Step(_props: StepProps): ReactNode {
  return null;
}

/** Numbered steps: `steps` as data, or `<Step title="…">` children (the guides' MDX). */
export function Steps({
  steps,
  children,
}: {
  steps?: readonly { title: string; body: ReactNode }[];
  children?: ReactNode;
}) {
  const items =
    steps ??
    Children.toArray(children)
      .filter(isValidElement<StepProps>)
      .map((step) => ({ title: step.props.title, body: step.props.children }));
  return (
    <ol className="space-y-4">
      {items.map((step, index) => (
        <li key={step.title} className="flex gap-4 rounded-2xl border border-white/10 bg-ink-900/60 p-5">
          <span
            aria-hidden="true"
            className="flex size-8 shrink-0 items-center justify-center rounded-full bg-ember-500 text-sm font-bold text-ink-950"
          >
            {index + 1}
          </span>
          <div className="min-w-0">
            <h3 className="font-semibold text-stone-50">
              <span className="sr-only">Step {index + 1}: </span>
              {step.title}
            </h3>
            <div className="docs-prose mt-1.5 text-sm leading-relaxed text-stone-300">{step.body}</div>
          </div>
        </li>
      ))}
    </ol>
  );
}

const calloutTones = {
  info: { box: "border-sky-400/25 bg-sky-400/5", title: "text-sky-200", label: "Note" },
  tip: { box: "border-emerald-400/25 bg-emerald-400/5", title: "text-emerald-200", label: "Tip" },
  warning: { box: "border-amber-400/30 bg-amber-400/5", title: "text-amber-200", label: "Warning" },
  danger: { box: "border-red-400/30 bg-red-500/5", title: "text-red-200", label: "Important" },
} as const;

export function Callout({
  tone = "info",
  title,
  children,
}: {
  tone?: keyof typeof calloutTones;
  title?: string;
  children: ReactNode;
}) {
  const style = calloutTones[tone];
  return (
    <aside aria-label={title ?? style.label} className={cn("mt-6 rounded-2xl border p-5", style.box)}>
      <p className={cn("font-semibold", style.title)}>{title ?? style.label}</p>
      <div className="docs-prose mt-1.5 text-sm leading-relaxed text-stone-300">{children}</div>
    </aside>
  );
}

/** A plain table with a caption for screen readers; cells may hold inline markup. */
export function DataTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: readonly string[];
  rows: readonly (readonly ReactNode[])[];
}) {
  return (
    <section
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a horizontally scrolling region must be reachable by keyboard
      tabIndex={0}
      aria-label={caption}
      className="overflow-x-auto rounded-2xl border border-white/10"
    >
      <table className={cn("w-full text-left text-sm", columns.length > 2 && "min-w-[32rem]")}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-white/[0.04] text-stone-200">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-4 py-3 font-semibold">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-white/5 text-stone-300">
          {rows.map((row, rowIndex) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static rows never reorder
            <tr key={rowIndex} className="align-top">
              {row.map((cell, cellIndex) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: static cells never reorder
                <td key={cellIndex} className="docs-prose px-4 py-3 break-words">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/**
 * Inline code. A word of it breaks only when it can't fit a line at all (`break-word`, not
 * `anywhere`): in a table, `anywhere` let the column shrink until code broke mid-word; now the
 * table keeps its words whole and scrolls sideways instead.
 */
export function C({ children }: { children: ReactNode }) {
  return (
    <code className="rounded bg-white/10 px-1.5 py-0.5 font-mono text-[0.85em] text-ember-200 break-words">
      {children}
    </code>
  );
}

/** A copyable block of code or a command. */
export function CodeBlock({ code, label }: { code: string; label?: string }) {
  return (
    <div className="mt-4 flex items-start gap-2 rounded-xl border border-white/10 bg-ink-950 p-3 pl-4">
      <pre className="min-w-0 flex-1 overflow-x-auto py-1 font-mono text-[13px] leading-relaxed whitespace-pre-wrap text-stone-100">
        {code}
      </pre>
      <CopyButton text={code} label={label ?? "Copy code"} />
    </div>
  );
}

export interface CtaAction {
  to: string;
  label: string;
}

/** The closing call to action; every button goes somewhere. */
export function DocsCta({
  title,
  children,
  command,
  primary,
  secondary,
}: {
  title: string;
  children: ReactNode;
  command?: string;
  primary: CtaAction;
  secondary?: CtaAction;
}) {
  const link = (action: CtaAction, variant: "primary" | "secondary") =>
    action.to.startsWith("http") ? (
      <a href={action.to} target="_blank" rel="noopener noreferrer" className={buttonClass(variant)}>
        {action.label}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    ) : (
      <Link to={action.to} className={buttonClass(variant)}>
        {action.label}
      </Link>
    );
  return (
    <section
      aria-label={title}
      className="mt-16 rounded-3xl border border-ember-400/25 bg-linear-to-br from-ember-500/15 via-ink-900 to-ink-900 p-6 sm:p-8"
    >
      <h2 className="text-2xl font-semibold text-stone-50">{title}</h2>
      <div className="mt-2 max-w-2xl leading-relaxed text-stone-300">{children}</div>
      {command && <CodeBlock code={command} label={`Copy ${command}`} />}
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        {link(primary, "primary")}
        {secondary && link(secondary, "secondary")}
      </div>
    </section>
  );
}

/** A bullet list in prose style: `items`, or (a Markdown list in a guide) `<BulletItem>` children. */
export function Bullets({ items, children }: { items?: readonly ReactNode[]; children?: ReactNode }) {
  return (
    <ul className="space-y-2 text-stone-300">
      {items?.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static items never reorder
        <BulletItem key={index}>{item}</BulletItem>
      ))}
      {children}
    </ul>
  );
}

export function BulletItem({ children }: { children?: ReactNode }) {
  return (
    <li className="flex gap-2.5 leading-relaxed">
      <span aria-hidden="true" className="mt-2.5 size-1.5 shrink-0 rounded-full bg-ember-400" />
      <span className="docs-prose">{children}</span>
    </li>
  );
}

/** One problem of `<Troubleshooting>` and what to check (its children, a list in a guide's MDX). */
export function Problem({ title, children }: { title: string; children: ReactNode }) {
  return (
    <details className="group rounded-xl border border-white/10 bg-ink-900/60 open:border-ember-400/30">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-xl px-5 py-4 font-medium text-stone-100">
        {title}
        <span
          aria-hidden="true"
          className="text-ember-300 transition-transform group-open:rotate-45 motion-reduce:transition-none"
        >
          +
        </span>
      </summary>
      <div className="px-5 pb-5">{children}</div>
    </details>
  );
}

/** Troubleshooting: problems and what to check, as disclosure rows (`items`, or `<Problem>` children). */
export function Troubleshooting({
  items,
  children,
}: {
  items?: readonly { problem: string; fixes: readonly ReactNode[] }[];
  children?: ReactNode;
}) {
  return (
    <div className="space-y-3">
      {items?.map((item) => (
        <Problem key={item.problem} title={item.problem}>
          <Bullets items={item.fixes} />
        </Problem>
      ))}
      {children}
    </div>
  );
}
