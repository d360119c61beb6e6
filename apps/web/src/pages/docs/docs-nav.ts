import { docsIndex } from "virtual:hearth-docs-index";
import { docsHelpSection, docsSectionTitles } from "./docs-sections";

export interface DocsPageEntry {
  path: string;
  title: string;
  /** Shorter sidebar label, when the title is long. */
  label?: string;
  summary: string;
}

export interface DocsSection {
  title: string;
  pages: readonly DocsPageEntry[];
}

interface PlacedEntry extends DocsPageEntry {
  section: string;
  order: number;
}

/**
 * Every guide: the frontmatter of src/content/docs/*.mdx (read at build time, so no guide loads
 * for the sidebar).
 */
const allGuides: readonly PlacedEntry[] = [
  ...docsIndex.map(({ path, title, label, summary, section, order }) => ({
    path,
    title,
    ...(label ? { label } : {}),
    summary,
    section,
    order,
  })),
];

// Sections and order are the spec's documentation layout (site-and-docs §2, docs-sections.ts).
export const docsSections: readonly DocsSection[] = docsSectionTitles.map((title) => ({
  title,
  pages: allGuides.filter((entry) => entry.section === title).sort((a, b) => a.order - b.order),
}));

// In the route table but not the sidebar; the sidebar's "Need help?" box links to it.
const helpPages = allGuides.filter((entry) => entry.section === docsHelpSection);
if (helpPages.length !== 1)
  throw new Error(`Expected one "${docsHelpSection}" guide, found ${helpPages.length}`);
export const docsSupportPage: DocsPageEntry = helpPages[0] as DocsPageEntry;

export const docsPages: readonly DocsPageEntry[] = [
  ...docsSections.flatMap((section) => section.pages),
  docsSupportPage,
];

export function findDocsPage(pathname: string): DocsPageEntry | undefined {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return docsPages.find((entry) => entry.path === normalized);
}

export function findDocsSection(entry: DocsPageEntry): DocsSection | undefined {
  return docsSections.find((section) => section.pages.includes(entry));
}
