import type { MDXComponents } from "mdx/types";
import type { ComponentProps, ReactNode } from "react";
import { Link } from "react-router";
import * as blocks from "./ui/blocks";
import { CommandTable } from "./ui/command-table";
import { Cmd, Limit, OptionChoices, OptionRange } from "./ui/facts";

const linkClass = "text-ember-300 underline underline-offset-4 hover:text-ember-200";

/** A Markdown link: the site's own pages through the router, other sites in a new tab. */
function DocsLink({ href = "", children }: ComponentProps<"a">) {
  if (href.startsWith("/")) {
    return (
      <Link to={href} className={linkClass}>
        {children}
      </Link>
    );
  }
  if (href.startsWith("#")) {
    return (
      <a href={href} className={linkClass}>
        {children}
      </a>
    );
  }
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={linkClass}>
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

/** The router's Link for a guide's JSX (`<Link to="/docs/x">`), styled as the guides' links. */
function GuideLink({ to, children }: { to: string; children?: ReactNode }) {
  return <DocsLink href={to}>{children}</DocsLink>;
}

/**
 * What every guide (src/content/docs/*.mdx) can use without importing it: the docs blocks, the
 * catalogue's CommandTable, the facts from core (`<Limit>`, `<Cmd>`, `<OptionRange>`,
 * `<OptionChoices>`) and the site's look for Markdown's own elements. A guide naming a component
 * not here fails to render (and so fails the prerendering build).
 */
const docsComponents: MDXComponents = {
  ...blocks,
  // Every guide is an article; it opens with <DocsHeader lead="…"/>.
  wrapper: ({ children }) => <blocks.DocsArticle>{children}</blocks.DocsArticle>,
  CommandTable,
  Limit,
  Cmd,
  OptionRange,
  OptionChoices,
  Link: GuideLink,
  p: (props) => <p className="max-w-3xl leading-relaxed text-stone-300 [*+&]:mt-4 [&+*]:mt-4" {...props} />,
  a: DocsLink,
  code: ({ children }) => <blocks.C>{children}</blocks.C>,
  strong: (props) => <strong className="font-semibold text-stone-100" {...props} />,
  // A Markdown list is a Bullets list, set off from a table or callout before it.
  ul: ({ children }) => <ul className="space-y-2 text-stone-300 [*+&]:mt-4">{children}</ul>,
  li: ({ children }) => <blocks.BulletItem>{children}</blocks.BulletItem>,
  h3: (props) => <h3 className="mb-3 font-semibold text-stone-100" {...props} />,
};

/** MDX's provider hook (vite's `providerImportSource`): the same map for every guide. */
export function useMDXComponents(): MDXComponents {
  return docsComponents;
}
